import { Link } from 'react-router';
import { BRAND } from '@uplift/core/brand';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import '../pages.css';

const MILESTONES = [
  { year: '2022', text: 'A group of friends in Wellington give up their café coffees for a month and send the savings to Youthline. They raise 3,400 New Zealand dollars between eleven of them.' },
  { year: '2023', text: 'Workplaces join in. The Uplift Charitable Trust is formed to run the challenge properly, with a board, audited accounts and a partnership with Youthline.' },
  { year: '2024', text: 'The challenge grows to six everyday habits and three New Zealand charities, and donors can pay weekly instead of all at once.' },
  { year: '2025', text: 'Friends and family of past participants in the United Kingdom ask to take part. Uplift welcomes its first UK partner charities.' },
];

const TEAM = [
  { name: 'Ana Tupou', role: 'Chair of the Trust', text: 'Former community banker; chairs the board of trustees and oversees how every pledge is passed on.' },
  { name: 'Rawiri Walker', role: 'Trust Manager', text: 'Runs the challenge day to day and looks after our partner charities in New Zealand.' },
  { name: 'Sophie Clarke', role: 'UK Coordinator', text: 'Works with our UK partners from Bristol and answers UK donors’ questions.' },
  { name: 'Ben Okafor', role: 'Treasurer', text: 'Chartered accountant; reconciles payments and signs off what each charity receives.' },
  { name: 'Mei Lin', role: 'Digital Lead', text: 'Builds and runs this website and keeps donors’ data safe.' },
  { name: 'Tama Herewini', role: 'Community Volunteer', text: 'Brings workplaces, schools and sports clubs into the challenge.' },
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function AboutPage() {
  usePageTitle('About');
  return (
    <article className="page prose">
      <h1>About {BRAND.product}</h1>
      <p>
        {BRAND.product} is a month-long giving challenge run by the {BRAND.operator}, a registered charitable trust in{' '}
        {BRAND.country}. The idea is simple: give up one everyday spend for a month, work out what it would have cost, and
        give that amount to a charity doing important work close to home.
      </p>

      <h2>Our story</h2>
      <ol className="timeline">
        {MILESTONES.map((m) => (
          <li key={m.year}>
            <strong>{m.year}.</strong> {m.text}
          </li>
        ))}
      </ol>
      <p>
        What began as a bet between friends is now a yearly challenge in New Zealand and the United Kingdom. The principle
        has not changed: small, regular sacrifices, shared with others, add up to something that matters.
      </p>

      <h2>How we work</h2>
      <ul>
        <li>Every pledge goes to the charity the donor chose. The trust’s running costs are met by sponsors and grants.</li>
        <li>Card fees are shown to donors up front and are never added to a pledge without their knowledge.</li>
        <li>We publish what each challenge raises for each charity once the month is over.</li>
        <li>We never sell or swap donors’ details. Read our <Link to={paths.privacyPolicy}>privacy policy</Link>.</li>
      </ul>

      <h2>Our team</h2>
      <ul className="team">
        {TEAM.map((person) => (
          <li key={person.name} className="team-member">
            <span className="avatar" aria-hidden="true">
              {initials(person.name)}
            </span>
            <div>
              <h3>{person.name}</h3>
              <p className="team-role">{person.role}</p>
              <p>{person.text}</p>
            </div>
          </li>
        ))}
      </ul>

      <h2>Get in touch</h2>
      <p>
        Questions, ideas, or want to bring your workplace into the challenge? Email us at{' '}
        <a href={`mailto:${BRAND.contactEmail}`}>{BRAND.contactEmail}</a>.
      </p>
    </article>
  );
}
