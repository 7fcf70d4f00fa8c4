import { Button } from '../../ui/button';

/** The second step behind a warning: show what was warned about, or leave it hidden. */
export function ShowOrCancel({
  label,
  onShow,
  onCancel,
}: {
  label: string;
  onShow: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="row">
      <Button variant="primary" onClick={onShow}>
        {label}
      </Button>
      <Button variant="quiet" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}
