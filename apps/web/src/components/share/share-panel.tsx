import { BRAND } from '@uplift/core/brand';
import { shareChannelLinks, withVia } from '@uplift/core/share';
import { useEffect, useRef, useState } from 'react';
import './share.css';

// One share panel for every screen that shares (docs/decisions/164, product-rules "Share and
// channels"): the browser's own share sheet where there is one, and always a copy-link field and
// the WhatsApp, Facebook, X, LinkedIn, email and SMS links, each carrying the address with its
// channel (?via=…). A page's QR code and poster are made by the API and only linked here.

export type SharePanelProps = {
  /** The address shared, without a channel: https://…/p/sam-t */
  url: string;
  /** The words that go with it (the owner's message or the country's default). */
  message: string;
  /** The heading's words and its id (several panels may share a screen). */
  heading?: string;
  id?: string;
  /** A public page's slug: offers its QR code and poster. */
  pageSlug?: string;
};

const hasShareSheet = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

export function SharePanel({ url, message, heading = 'Share', id = 'share', pageSlug }: SharePanelProps) {
  // Read once, in the browser (the panel is never rendered on the server): a phone's own sheet reaches every app its owner uses (docs/decisions/124).
  const [canShare] = useState(hasShareSheet);
  const links = shareChannelLinks(url, message, `${BRAND.product}: ${message.split(/[.!?]/)[0]}`);
  return (
    <section className="share-panel" aria-labelledby={`${id}-title`} data-testid="share-panel">
      <h2 id={`${id}-title`}>{heading}</h2>
      <ul className="share-buttons">
        {canShare && (
          <li>
            <button
              type="button"
              className="button"
              onClick={() => {
                // A dismissed sheet rejects: nothing to report.
                navigator.share({ title: BRAND.product, text: message, url: withVia(url, 'native') }).catch(() => {});
              }}
            >
              Share…
            </button>
          </li>
        )}
        {links.map((link) => {
          const web = link.channel !== 'email' && link.channel !== 'sms';
          return (
            <li key={link.channel}>
              <a className="button secondary" href={link.href} data-channel={link.channel} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                {web ? `Share on ${link.name}` : `Share by ${link.name === 'SMS' ? 'SMS' : 'email'}`}
                {web && <span className="visually-hidden"> (opens in a new tab)</span>}
              </a>
            </li>
          );
        })}
      </ul>
      <CopyLink url={withVia(url, 'copy')} id={`${id}-link`} />
      {pageSlug && (
        <p className="share-downloads">
          <span>For the office kitchen:</span> <a href={`/api/pages/${encodeURIComponent(pageSlug)}/poster.pdf`} download>Poster (PDF, A4)</a>
          {' · '}
          <a href={`/api/pages/${encodeURIComponent(pageSlug)}/qr.png`} download>
            QR code (PNG)
          </a>
          {' · '}
          <a href={`/api/pages/${encodeURIComponent(pageSlug)}/qr.svg`} download>
            QR code (SVG)
          </a>
        </p>
      )}
    </section>
  );
}

/** The link in a read-only field with a Copy button and a visible 'Copied' confirmation. */
export function CopyLink({ url, id = 'share-link', label = 'Link to share' }: { url: string; id?: string; label?: string }) {
  const [copied, setCopied] = useState<boolean | 'failed'>(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard access: select the text so the donor can copy it themselves.
      inputRef.current?.select();
      setCopied('failed');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), 4000);
  }

  return (
    <div className="copy-link">
      <label htmlFor={id}>{label}</label>
      <div className="copy-link-row">
        <input id={id} ref={inputRef} readOnly value={url} onFocus={(e) => e.target.select()} />
        <button type="button" className="button secondary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p role="status" className="copy-status">
        {copied === true ? 'Copied' : copied === 'failed' ? 'Press Ctrl+C (or ⌘C) to copy the selected link.' : ''}
      </p>
    </div>
  );
}
