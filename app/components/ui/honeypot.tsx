/** A field people never see (off screen, out of the tab order, hidden from assistive technology); bots fill it in. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor="website_url">Leave this field empty</label>
      <input id="website_url" name="website_url" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
