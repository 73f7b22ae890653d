/** What the variants page's action answers when it refuses a form: which form, its message, its field errors. */
export type VariantReply = {
  intent: string;
  message: string;
  errors: Record<string, string[] | null>;
  /** what was typed into a refused form, to show it again (without JavaScript the page is drawn anew) */
  sent?: Record<string, string>;
};

/** A refused form's message, under the form it is about. */
export function ReplyMessage({ reply, intent }: { reply: VariantReply | undefined; intent: string }) {
  return reply?.intent === intent ? (
    <p role="alert" className="text-sm text-red-700">
      {reply.message}
    </p>
  ) : null;
}
