import type { Account } from '@uplift/core/schemas/account';
import { Alert } from '../../../components/alert';
import { useAccount } from '../api/get-account';
import { ConsentsSection } from './consents-section';
import { DataSection } from './data-section';
import { DeleteSection } from './delete-section';
import { DetailsSection } from './details-section';
import { PasskeysSection } from './passkeys-section';
import { ReceiptsSection } from './receipts-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';
import './account.css';

/**
 * /account (decision 083): every right the privacy policy states, one click away: see and correct
 * details, consents, receipts and calendar, download my data, delete my account.
 */
export function AccountPage() {
  const account = useAccount();
  if (account.isError) {
    return (
      <div className="page account-page">
        <h1>My account</h1>
        <Alert>We could not load your account just now. Please try again.</Alert>
        <button type="button" className="button" onClick={() => void account.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (account.isPending) {
    return (
      <p className="page account-page" role="status">
        Loading your account…
      </p>
    );
  }
  return <AccountSections account={account.data} />;
}

/** The page's sections, in order: the short list of links at its top (docs/decisions/157). */
const SECTIONS = [
  ['details', 'My details'],
  ['consents', 'My consents'],
  ['passkeys', 'Passkeys'],
  ['two-factor', 'Two-factor sign-in'],
  ['receipts', 'Receipts and calendar'],
  ['devices', 'Signed-in devices'],
  ['data', 'Download my data'],
  ['delete', 'Delete my account'],
] as const;

function AccountSections({ account }: { account: Account }) {
  return (
    <div className="page account-page">
      <h1>My account</h1>
      <nav aria-label="On this page" className="account-toc">
        <ul>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <DetailsSection account={account} />
      <ConsentsSection account={account} />
      <PasskeysSection account={account} />
      <TwoFactorSection />
      <ReceiptsSection account={account} />
      <SessionsSection country={account.country} />
      <DataSection />
      <DeleteSection account={account} />
    </div>
  );
}
