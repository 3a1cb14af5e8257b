import { useEffect, useRef, useState } from 'react';

/** The page link in a read-only field with a Copy button and a visible 'Copied' confirmation. */
export function CopyLink({ url }: { url: string }) {
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
      <label htmlFor="share-link">Link to the challenge</label>
      <div className="copy-link-row">
        <input id="share-link" ref={inputRef} readOnly value={url} onFocus={(e) => e.target.select()} />
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
