import { useState } from 'react';
import { Alert } from '../../../components/alert';
import { downloadFile } from '../../../lib/download-file';

/** Download my data (UK GDPR Art. 15/20, NZ IPP 6): one JSON file, and the payments as CSV. */
export function DataSection() {
  const [error, setError] = useState('');
  const download = (path: string) => {
    setError('');
    downloadFile(path).catch((err: unknown) => setError(err instanceof Error ? err.message : 'The download failed'));
  };
  return (
    <section id="data" className="card account-section" aria-labelledby="data-title">
      <h2 id="data-title">Download my data</h2>
      <p>
        One file with everything we hold about you: your details, your consents and when you gave them, your pledges, payments
        and receipts, the saved card (brand, last four digits and expiry only), your passkeys (names and dates) and the emails we sent you.
      </p>
      <div className="account-actions">
        <button type="button" className="button" onClick={() => download('/api/account/export')}>
          Download my data (JSON)
        </button>
        <button type="button" className="button secondary" onClick={() => download('/api/account/export/payments.csv')}>
          Download my payments (CSV)
        </button>
      </div>
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
