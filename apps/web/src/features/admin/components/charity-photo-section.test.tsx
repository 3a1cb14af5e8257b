import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHARITY_MESSAGES, type AdminCharity } from '@uplift/core/schemas/admin-charities';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, stubFetch } from '../admin.test-support';
import { CharityManager } from './charity-manager';

// The charity form's photo section and story (docs/decisions/129-charity-photos-and-stories.md).

const kidscan: AdminCharity = {
  id: 4,
  recipient_name: 'KidsCan',
  country: 'NZ',
  logo: '/logos/kidscan.svg',
  impact_cost: 17.5,
  impact_unit: 'raincoats',
  impact_unit_singular: 'raincoat',
  impact_description: 'raincoats for school children',
  impact_multiplier: 1,
  description: 'Food, raincoats and shoes for children.',
  link: 'https://www.kidscan.org.nz',
  is_enabled: true,
  pledge_count: 0,
  story: '',
  photo: null,
};
const photo = {
  url: '/api/recipient/4/photo?size=full&v=0123456789abcdef',
  card_url: '/api/recipient/4/photo?size=card&v=0123456789abcdef',
  alt: 'Children in yellow raincoats',
  width: 1200,
  height: 800,
};
const withPhoto: AdminCharity = { ...kidscan, photo };

/** The message tied to a field through aria-describedby. */
function describedBy(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}
const bodiesOf = (calls: { key: string; body: unknown }[], key: string) => calls.filter((c) => c.key === key).map((c) => c.body);
/** A JPEG's first bytes: the browser reads it as base64 '/9j/4AAQ'. */
const jpegFile = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10])], 'raincoats.jpg', { type: 'image/jpeg' });

async function openEdit(answers: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch({ 'GET /api/admin/recipients': { status: 200, body: [] }, ...answers });
  renderAt(<CharityManager />, '/admin-charities');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Edit KidsCan' }));
  const section = screen.getByRole('group', { name: 'Charity photo' });
  return { calls, user, section };
}

describe('the charity photo section', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads a chosen photo with its description, previews it, and then shows the saved one', async () => {
    const { calls, user, section } = await openEdit({
      'GET /api/admin/charities': [
        { status: 200, body: [kidscan] },
        { status: 200, body: [withPhoto] },
      ],
      'PUT /api/admin/charities/4/photo': { status: 200, body: withPhoto },
    });
    expect(within(section).getByText('No photo yet.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Remove photo' })).not.toBeInTheDocument();

    await user.upload(within(section).getByLabelText('Photo'), jpegFile());
    const preview = await within(section).findByRole('img', { name: 'Preview of the chosen photo' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await user.type(within(section).getByLabelText('Describe the photo'), 'Children in yellow raincoats');
    await user.click(within(section).getByRole('button', { name: 'Upload photo' }));

    expect(await screen.findByText('Photo saved for KidsCan')).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT /api/admin/charities/4/photo')).toEqual([{ photo_base64: '/9j/4AAQ', alt: 'Children in yellow raincoats' }]);
    const saved = await within(section).findByRole('img', { name: 'Children in yellow raincoats' });
    expect(saved).toHaveAttribute('src', photo.card_url);
    expect(within(section).getByRole('button', { name: 'Remove photo' })).toBeInTheDocument();
    // The photo is saved on its own: the charity form was not sent.
    expect(bodiesOf(calls, 'PUT /api/admin/charities/4')).toEqual([]);
  });

  it('says at each field what is missing, and sends nothing', async () => {
    const { calls, user, section } = await openEdit({ 'GET /api/admin/charities': { status: 200, body: [kidscan] } });
    await user.click(within(section).getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not upload the photo');
    expect(describedBy(within(section).getByLabelText('Photo'))).toContain(CHARITY_MESSAGES.photoRequired);
    expect(within(section).getByLabelText('Photo')).toHaveAttribute('aria-invalid', 'true');
    expect(describedBy(within(section).getByLabelText('Describe the photo'))).toContain(CHARITY_MESSAGES.photoAltRequired);

    // A file of another type, or over 5 MB, is refused at once.
    // (A browser's file picker may still let one be chosen: "All files".)
    await userEvent.setup({ applyAccept: false }).upload(within(section).getByLabelText('Photo'), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(describedBy(within(section).getByLabelText('Photo'))).toContain(CHARITY_MESSAGES.photoType);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await user.upload(within(section).getByLabelText('Photo'), big);
    expect(describedBy(within(section).getByLabelText('Photo'))).toContain(CHARITY_MESSAGES.photoTooLarge);
    expect(bodiesOf(calls, 'PUT /api/admin/charities/4/photo')).toEqual([]);
  });

  it('shows what the API refused at the photo field', async () => {
    const { user, section } = await openEdit({
      'GET /api/admin/charities': { status: 200, body: [kidscan] },
      'PUT /api/admin/charities/4/photo': { status: 400, body: { message: CHARITY_MESSAGES.photoTooSmall, code: 'charity.photo_too_small' } },
    });
    await user.upload(within(section).getByLabelText('Photo'), jpegFile());
    await user.type(within(section).getByLabelText('Describe the photo'), 'A small photo');
    await user.click(within(section).getByRole('button', { name: 'Upload photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not upload the photo');
    expect(describedBy(within(section).getByLabelText('Photo'))).toContain(CHARITY_MESSAGES.photoTooSmall);
    expect(within(section).getByLabelText('Describe the photo')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the current photo with its description, and removes it', async () => {
    const { calls, user, section } = await openEdit({
      'GET /api/admin/charities': [
        { status: 200, body: [withPhoto] },
        { status: 200, body: [kidscan] },
      ],
      'DELETE /api/admin/charities/4/photo': { status: 200, body: kidscan },
    });
    const current = within(section).getByRole('img', { name: 'Children in yellow raincoats' });
    expect(current).toHaveAttribute('src', photo.card_url);
    expect(within(section).getByLabelText('Describe the photo')).toHaveValue('Children in yellow raincoats');
    await user.click(within(section).getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByText('Photo removed from KidsCan')).toBeInTheDocument();
    expect(calls.filter((c) => c.key === 'DELETE /api/admin/charities/4/photo')).toHaveLength(1);
    expect(await within(section).findByText('No photo yet.')).toBeInTheDocument();
  });

  it('asks for a new charity to be saved before its photo', async () => {
    stubFetch({ 'GET /api/admin/charities': { status: 200, body: [kidscan] } });
    renderAt(<CharityManager />, '/admin-charities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add charity' }));
    const section = screen.getByRole('group', { name: 'Charity photo' });
    expect(section).toHaveTextContent('Save the charity first; then edit it to add a photo.');
    expect(within(section).queryByLabelText('Photo')).not.toBeInTheDocument();
  });
});

describe('the charity story', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts its characters, refuses more than 1,000 at its field, and is sent with the charity', async () => {
    const { calls, user } = await openEdit({
      'GET /api/admin/charities': { status: 200, body: [{ ...kidscan, story: 'Started in 2005.' }] },
      'PUT /api/admin/charities/4': { status: 200, body: { ...kidscan, story: 'Started in 2005.\n\nNow in every region.' } },
    });
    const story = screen.getByLabelText('Story');
    expect(story).toHaveValue('Started in 2005.');
    expect(screen.getByTestId('story-count')).toHaveTextContent('16 of 1,000 characters');

    await user.clear(story);
    await user.click(story);
    await user.paste('x'.repeat(1001));
    expect(screen.getByTestId('story-count')).toHaveTextContent('1,001 of 1,000 characters');
    await user.click(screen.getByRole('button', { name: 'Save charity' }));
    expect(describedBy(story)).toContain(CHARITY_MESSAGES.storyTooLong);
    expect(bodiesOf(calls, 'PUT /api/admin/charities/4')).toEqual([]);

    await user.clear(story);
    await user.type(story, 'Started in 2005.{enter}{enter}Now in every region.');
    await user.click(screen.getByRole('button', { name: 'Save charity' }));
    expect(await screen.findByText('Saved KidsCan')).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT /api/admin/charities/4')).toEqual([expect.objectContaining({ story: 'Started in 2005.\n\nNow in every region.' })]);
  });

  it('keeps the story when a charity is disabled from the list', async () => {
    const calls = stubFetch({
      'GET /api/admin/charities': { status: 200, body: [{ ...kidscan, story: 'Our story.' }] },
      'PUT /api/admin/charities/4': { status: 200, body: { ...kidscan, story: 'Our story.', is_enabled: false } },
      'GET /api/admin/recipients': { status: 200, body: [] },
    });
    renderAt(<CharityManager />, '/admin-charities');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable KidsCan' }));
    expect(await screen.findByText(/KidsCan is disabled/)).toBeInTheDocument();
    expect(bodiesOf(calls, 'PUT /api/admin/charities/4')).toEqual([expect.objectContaining({ is_enabled: false, story: 'Our story.' })]);
  });
});
