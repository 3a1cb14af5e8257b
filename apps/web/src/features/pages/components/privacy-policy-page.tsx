import { BRAND } from '@uplift/core/brand';
import { MAIL_PREFERENCE_KINDS, MAIL_PREFERENCES, TRANSACTIONAL_MAILS } from '@uplift/core/mail-kinds';
import { RETENTION_TEXT as keep } from '@uplift/core/retention';
import { Link } from 'react-router';
import { accountSection } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import '../pages.css';

/**
 * The privacy policy (product-rules §1): who we are, the laws, what we hold and share, and your rights.
 * How long each thing is kept comes from core's RETENTION, which the API's retention job follows (docs/decisions/128).
 */
export function PrivacyPolicyPage() {
  usePageTitle('Privacy policy');
  const email = <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>;
  return (
    <article className="page prose">
      <h1>Privacy policy</h1>
      <p className="updated">Last updated: November 2026</p>

      <h2>Who we are</h2>
      <p>
        This website and the {BRAND.product} challenge are operated by the {BRAND.operator} (“we”, “us”), a charitable trust
        registered in {BRAND.country}. We are responsible for the personal information you give us through this website.
      </p>

      <h2>The laws we follow</h2>
      <p>
        We handle personal information in line with the New Zealand Privacy Act 2020. For people taking part from the United
        Kingdom, we also comply with the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018, and
        the trust acts as the controller of your personal data.
      </p>

      <h2>What we collect and why</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, email address, postal address, country and a securely hashed password, so
          you can take part, sign in and manage your pledge.
        </li>
        <li>
          <strong>Your pledge:</strong> the challenge and charity you chose, your pledge amounts and your payment dates and
          statuses, so we can take your weekly payments, send receipts and show your progress.
        </li>
        <li>
          <strong>Your challenge page, if you make one:</strong> its address, the name, photo and story you choose, your goal,
          your team and whether you chose to appear on the leaderboard. It is public only once you publish it; you can hide or
          delete it at any time.
        </li>
        <li>
          <strong>A gift to someone’s challenge page:</strong> your name, email address, the amount, your message and whether
          you asked to hide your name or the amount, so we can take the payment, send your receipt and show your gift as you
          chose. The participant never sees your email address.
        </li>
        <li>
          <strong>Your preferences:</strong> whether you agreed to hear from us or from your chosen charity, which optional
          emails you stopped, and when.
        </li>
        <li>
          <strong>Technical information:</strong> security logs (such as IP addresses of sign-in attempts) kept for a short
          time to protect accounts from misuse. We do not use advertising or tracking cookies.
        </li>
      </ul>
      <p>
        Our lawful bases under UK GDPR are the performance of our agreement with you (running your pledge), your consent (for
        optional updates), and our legitimate interest in keeping the service secure.
      </p>

      <h2>The emails we send</h2>
      <p>
        Some emails always go, because your pledge or your account needs them: {Object.values(TRANSACTIONAL_MAILS).map((m) => m.label).join('; ')}.
      </p>
      <p>
        The others are yours to stop: {MAIL_PREFERENCE_KINDS.map((k) => MAIL_PREFERENCES[k].label).join('; ')}. News is only sent if you
        opted in (the boxes are never ticked for you). Every one of these emails has a link that stops it in one click, at
        once, without signing in, and you can switch each on or off in <Link to={accountSection('consents')}>My consents</Link>.
      </p>

      <h2>Card payments</h2>
      <p>
        Your card details are collected and held by our payment provider, a certified PCI DSS Level 1 card processor. They
        never pass through or rest on our servers. We only keep the card’s brand, last four digits and expiry date so you can
        recognise the card you saved.
      </p>

      <h2>What your chosen charity receives</h2>
      <p>
        Only if you opt in, we share your name, email address, and the amounts and dates of your payments with the charity you
        chose, so that it can send you a donation receipt. The charity may use these details for that receipt only. If you do
        not opt in, the charity receives your donation without your details.
      </p>

      <h2>Who else sees your information</h2>
      <p>
        Our payment provider and our email delivery and hosting providers process information on our behalf, under contracts
        that require them to keep it safe and use it only for us. Some of them may store data outside New Zealand or the
        United Kingdom; where they do, we make sure comparable safeguards apply. We never sell, rent or swap your details.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>
          Your account, while it is in use. Pledge and payment records: {keep.donationRecords} after your last payment, as New
          Zealand and UK tax law require; then your name, email and address are removed and only amounts, dates and receipt
          numbers stay. The same applies to gifts made on challenge pages, counted from the gift.
        </li>
        <li>
          Emails we send you: {keep.sentMail} ({keep.failedMail} if they could not be delivered).
        </li>
        <li>Activation, password and email-change links and sign-in sessions: {keep.tokens} after they end.</li>
        <li>Records of sign-in attempts: {keep.rateLimits}.</li>
      </ul>

      <h2>Your rights</h2>
      <p>You can use each of these rights yourself, at any time, from your account once you are logged in:</p>
      <ul>
        <li>
          <strong>See your information</strong> (your right of access: Privacy Act principle 6, UK GDPR Article 15):{' '}
          <Link to={accountSection('details')}>My details</Link> shows what we hold, and{' '}
          <Link to={accountSection('data')}>Download my data</Link> gives you all of it in one file;
        </li>
        <li>
          <strong>Correct it</strong> (principle 7, Article 16): change your name, address, email or password in{' '}
          <Link to={accountSection('details')}>My details</Link>;
        </li>
        <li>
          <strong>Take it with you</strong> (Article 20): <Link to={accountSection('data')}>Download my data</Link> (JSON, and
          your payments as CSV);
        </li>
        <li>
          <strong>Change what you agreed to</strong> (Article 7): give or withdraw our news and your charity’s news in{' '}
          <Link to={accountSection('consents')}>My consents</Link>, which also shows when you agreed and to which wording;
        </li>
        <li>
          <strong>Delete your information</strong> (Article 17): <Link to={accountSection('delete')}>Delete my account</Link>.
          We keep the record of payments already made (amounts, dates, receipt numbers) for {keep.donationRecords}, as the law
          requires, but no longer with your name;
        </li>
        <li>
          <strong>Get your donation receipts</strong>: <Link to={accountSection('receipts')}>Receipts</Link>.
        </li>
      </ul>
      <p>
        You may also ask us by email. UK residents may also ask us to restrict or object to processing. We will answer within
        20 working days (New Zealand) or one month (United Kingdom).
      </p>

      <h2>Complaints</h2>
      <p>
        If you are unhappy with how we handled your information, please tell us first. You may also complain to the Office of
        the Privacy Commissioner in New Zealand (privacy.org.nz) or, in the United Kingdom, to the Information Commissioner’s
        Office (ico.org.uk).
      </p>

      <h2>Contact us</h2>
      <p>To use any of these rights or to ask about this policy, email us at {email}.</p>
    </article>
  );
}
