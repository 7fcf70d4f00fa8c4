import { Button } from './button';

/**
 * A row's quiet Edit and Delete buttons. Their accessible names say what they act on
 * ("Edit Work"); Edit carries `data-focus="edit"`, where focus returns after editing.
 */
export function EditDeleteButtons({
  subject,
  className,
  onEdit,
  onDelete,
}: {
  subject: string;
  className: string;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <div className={`row ${className}`}>
      <Button
        data-focus="edit"
        size="small"
        variant="quiet"
        aria-label={`Edit ${subject}`}
        onClick={onEdit}
      >
        Edit
      </Button>
      <Button size="small" variant="quiet" aria-label={`Delete ${subject}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}
