import { act, renderHook, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markAnonymous, setAccessToken } from '../../../lib/session';
import { useWizardFlow } from './use-wizard-flow';
import { PLEDGE_EXISTS_MESSAGE, REGISTER_TO_FINISH } from './wizard-flow';
import { BASE_REPLIES, coffees, DONOR_TOKEN, keys, NOW, nzCampaign, pendingPledge, stubApi, wizardWrapper, youthline, type Reply } from './wizard-test-kit';
import { EMPTY_CALCULATOR, EMPTY_STATE, loadWizardState, saveWizardState } from './wizard-state';

/** Every choice made: 5 coffees a week at 3.50 for Youthline in the NZ campaign (70 over four weeks). */
const CHOSEN = {
  campaignId: nzCampaign.id,
  challengeId: coffees.id,
  recipientId: youthline.id,
  calculator: { ...EMPTY_CALCULATOR, frequency: '5', cost: '3.50' },
};
const FIGURES = { campaign_id: 1, challenge_id: 1, recipient_id: 5, number_of_units: 5, cost_per_unit: 3.5, confirmed_amount: 70, period: 'weekly' };

function renderFlow(url: string, replies: Record<string, Reply> = {}) {
  const calls = stubApi({ ...BASE_REPLIES, ...replies });
  const view = renderHook(() => ({ flow: useWizardFlow(), location: useLocation() }), { wrapper: wizardWrapper(url) });
  const ready = () => waitFor(() => expect(view.result.current.flow.ready).toBe(true));
  return { ...view, calls, ready, flow: () => view.result.current.flow, search: () => view.result.current.location.search };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
  markAnonymous();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useWizardFlow: the step from the URL', () => {
  it('starts on step 1 (index 0) with Back hidden and Next labelled with the next step', async () => {
    const view = renderFlow('/challenge');
    await view.ready();
    expect(view.flow()).toMatchObject({ step: 0, showBack: false, nextLabel: 'Choose challenges', isLast: false });
  });

  it('a step in the URL that the choices do not allow falls back to the furthest allowed', async () => {
    saveWizardState({ ...EMPTY_STATE, campaignId: nzCampaign.id });
    const view = renderFlow('/challenge?step=3');
    await view.ready();
    expect(view.flow().step).toBe(1);
    await waitFor(() => expect(view.search()).toBe('?step=1'));
  });

  it('a visitor with every choice may open step 5 (the registration form) but not finish', async () => {
    saveWizardState(CHOSEN);
    const view = renderFlow('/challenge?step=4');
    await view.ready();
    expect(view.flow()).toMatchObject({ step: 4, isLast: true, nextLabel: 'Finish', figures: FIGURES });
    await act(() => view.flow().next());
    expect(view.flow().gateError).toBe(REGISTER_TO_FINISH);
    expect(view.search()).toBe('?step=4');
  });

  it('Next refuses with the gate message, then moves on once the choice is made; Back clears the message', async () => {
    const view = renderFlow('/challenge?step=0');
    await view.ready();
    await act(() => view.flow().next());
    expect(view.flow().gateError).toBe('Please choose a campaign');
    act(() => view.flow().selectCampaign(nzCampaign));
    expect(view.flow().gateError).toBeNull();
    await act(() => view.flow().next());
    await waitFor(() => expect(view.flow().step).toBe(1));
    await act(() => view.flow().next());
    expect(view.flow().gateError).toBe('Please choose a challenge');
    act(() => view.flow().back());
    await waitFor(() => expect(view.flow().step).toBe(0));
    expect(view.flow().gateError).toBeNull();
    expect(view.flow().choices.campaignId).toBe(nzCampaign.id);
  });

  it('keeps the choices in session storage', async () => {
    const view = renderFlow('/challenge');
    await view.ready();
    act(() => view.flow().selectCampaign(nzCampaign));
    expect(loadWizardState().campaignId).toBe(nzCampaign.id);
  });
});

describe('useWizardFlow: signed in', () => {
  beforeEach(() => setAccessToken(DONOR_TOKEN));

  it('a donor with a Pending pledge goes straight to the last step, the choices filled in from it', async () => {
    const view = renderFlow('/challenge', { 'GET /api/pledge/closest': { status: 200, body: pendingPledge } });
    await view.ready();
    await waitFor(() => expect(view.search()).toBe('?step=4'));
    expect(view.flow()).toMatchObject({ step: 4, pendingPledge, choices: { campaignId: 1, challengeId: 1, recipientId: 5 } });
  });

  it('without a Pending pledge the last step is not allowed: the URL falls back to step 4', async () => {
    saveWizardState(CHOSEN);
    const view = renderFlow('/challenge?step=4');
    await view.ready();
    await waitFor(() => expect(view.search()).toBe('?step=3'));
    expect(view.flow().step).toBe(3);
  });

  it('leaving step 4 creates or replaces the Pending pledge in one call, then shows the payment step', async () => {
    saveWizardState(CHOSEN);
    let saved: unknown = null;
    const view = renderFlow('/challenge?step=3', {
      'GET /api/pledge/closest': () => (saved ? { status: 200, body: saved } : { status: 404, body: { message: 'No pledges!' } }),
      'PUT /api/pledge/pending': (body) => {
        saved = { ...pendingPledge, ...(body as object), id: 8 };
        return { status: 200, body: saved };
      },
    });
    await view.ready();
    await act(() => view.flow().next());
    await waitFor(() => expect(view.search()).toBe('?step=4'));
    expect(view.flow()).toMatchObject({ step: 4, pendingPledge: { id: 8, pledge_status: 'Pending' }, saving: false });
    const writes = view.calls.filter((c) => !c.key.startsWith('GET '));
    expect(writes).toEqual([{ key: 'PUT /api/pledge/pending', body: FIGURES }]);
  });

  it("a Confirmed pledge already in the campaign keeps the donor on step 4 with 'pledge.exists' explained", async () => {
    saveWizardState(CHOSEN);
    const view = renderFlow('/challenge?step=3', {
      'PUT /api/pledge/pending': { status: 409, body: { message: 'A pledge already exists', code: 'pledge.exists' } },
    });
    await view.ready();
    await act(() => view.flow().next());
    expect(view.flow()).toMatchObject({ step: 3, gateError: PLEDGE_EXISTS_MESSAGE, saving: false });
    expect(view.search()).toBe('?step=3');
  });

  it('another refusal shows the server’s message', async () => {
    saveWizardState(CHOSEN);
    const view = renderFlow('/challenge?step=3', {
      'PUT /api/pledge/pending': { status: 400, body: { message: 'This campaign is no longer open to join', code: 'pledge.campaign_closed' } },
    });
    await view.ready();
    await act(() => view.flow().next());
    expect(view.flow().gateError).toBe('This campaign is no longer open to join');
  });

  it('after the Pending pledge is deleted the wizard resets to step index 0 with nothing chosen', async () => {
    const closest = vi.fn<() => { status: number; body: unknown }>(() => ({ status: 200, body: pendingPledge }));
    const view = renderFlow('/challenge', { 'GET /api/pledge/closest': () => closest() });
    await view.ready();
    await waitFor(() => expect(view.flow().step).toBe(4));
    closest.mockReturnValue({ status: 404, body: { message: 'No pledges!' } });
    act(() => view.flow().pledgeDeleted());
    await waitFor(() => expect(view.search()).toBe('?step=0'));
    expect(view.flow()).toMatchObject({ step: 0, choices: EMPTY_STATE, showBack: false });
    expect(sessionStorage.getItem('uplift.wizard')).toBe(JSON.stringify(EMPTY_STATE));
    expect(keys(view.calls)).not.toContain('POST /api/pledge');
  });
});
