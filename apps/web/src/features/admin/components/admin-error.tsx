import { Alert } from '../../../components/alert';

/** product-rules §8: the admin error in red ('Could not add campaign', …) with the server's reason beside it. */
export function AdminError({ title, reason }: { title: string; reason?: string | undefined }) {
  return (
    <Alert>
      <strong className="admin-error-title">{title}</strong>
      {reason && <span className="admin-error-reason">{reason}</span>}
    </Alert>
  );
}
