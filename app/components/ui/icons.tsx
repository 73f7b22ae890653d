/** Small outline icons (decorative: the control they sit in carries the name). */
function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={d} strokeLinejoin="round" />
    </svg>
  );
}

export const PencilIcon = () => <Icon d="M4 20h4L19 9l-4-4L4 16v4Z" />;
export const TrashIcon = () => <Icon d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />;
