import type { AdminAuditEntry } from '@uplift/core/schemas/admin';
import { useAudit } from '../api/get-audit';
import { AdminError } from './admin-error';
import { reasonOf } from './describe-error';
import { TableBox } from './table-box';
import '../admin.css';

const dateTime = new Intl.DateTimeFormat('en-NZ', { dateStyle: 'medium', timeStyle: 'short' });

const ACTION_LABELS: Record<AdminAuditEntry['action'], string> = {
  'campaign.create': 'Created a campaign',
  'campaign.edit': 'Edited a campaign',
  'campaign.delete': 'Deleted a campaign',
  'campaign.deactivate_past': 'Deactivated past campaigns',
  'campaign.photo_set': 'Set a campaign’s hero photo',
  'campaign.photo_delete': 'Removed a campaign’s hero photo',
  'campaign.offer_set': 'Set what a campaign offers',
  'campaign.payout': 'Recorded a payout',
  'campaign.payout_correction': 'Corrected a payout',
  'donors.export': 'Exported donors',
  'charity.create': 'Added a charity',
  'charity.edit': 'Edited a charity',
  'charity.delete': 'Deleted a charity',
  'charity.photo_set': 'Set a charity’s photo',
  'charity.photo_delete': 'Removed a charity’s photo',
  'challenge.create': 'Added a challenge',
  'challenge.edit': 'Edited a challenge',
  'challenge.delete': 'Deleted a challenge',
  'news.send': 'Sent news to donors who opted in',
  'report.hide': 'Hid what a report was about',
  'report.dismiss': 'Dismissed a report',
  'page.moderate': 'Hid or showed a challenge page or its photo',
  'team.moderate': 'Hid or showed a team or its photo',
  'gift.moderate': 'Hid or showed a friend’s message',
  'user.resend_activation': 'Resent an activation mail',
  'user.sessions_revoke': 'Signed out every device of an account',
  'payment.refund': 'Refunded a payment',
  'gift.refund': 'Refunded a friend’s gift',
  'two_factor.enrol': 'Set up two-factor sign-in',
  'two_factor.recovery_code_used': 'Signed in with a recovery code',
  'two_factor.reset': "Reset an admin's two-factor sign-in",
  'match.create': 'Added a match fund',
  'match.edit': 'Edited a match fund',
  'match.pause': 'Paused a match fund',
  'match.resume': 'Resumed a match fund',
  'match.end': 'Ended a match fund',
  'testimonial.create': 'Added a testimonial',
  'testimonial.edit': 'Edited a testimonial',
  'testimonial.delete': 'Deleted a testimonial',
};

function Change({ label, value }: { label: string; value: Record<string, unknown> | null }) {
  if (!value) return null;
  return (
    <details>
      {/* A target of at least 24 px (WCAG 2.5.8): the summary's own line is shorter. */}
      <summary className="admin-toggle">{label}</summary>
      <pre className="admin-audit-json">{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** The admin audit (docs/decisions/076): who changed campaigns or exported donors, and when. */
export function AdminAuditPanel() {
  const audit = useAudit();
  if (audit.isError) return <AdminError title={reasonOf(audit.error)} />;
  if (audit.isPending) return <p role="status">Loading admin activity…</p>;
  if (audit.data.length === 0) return <p className="admin-muted">No admin actions yet.</p>;
  return (
    <TableBox label="Admin actions">
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">By</th>
            <th scope="col">What</th>
            <th scope="col">Change</th>
          </tr>
        </thead>
        <tbody>
          {audit.data.map((e) => (
            <tr key={e.id}>
              <td>
                <time dateTime={e.created_at}>{dateTime.format(new Date(e.created_at))}</time>
              </td>
              <td>{e.admin_email ?? (e.admin_user_id ? `Admin ${e.admin_user_id}` : 'A deleted admin')}</td>
              <td>
                {ACTION_LABELS[e.action]}
                <br />
                <span className="admin-muted">{e.target}</span>
              </td>
              <td>
                <Change label="Before" value={e.before} />
                <Change label="After" value={e.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
