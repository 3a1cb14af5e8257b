// Type test, checked by `tsc -p apps/api` and never run (vitest includes only *.test.ts): an error
// list's factory asks for exactly the placeholders its written message names (docs/decisions/111).
// Each `@ts-expect-error` marks a call the compiler must refuse.
import { httpErrors } from './errors.ts';
import { campaignErrors } from './modules/campaigns/index.ts';
import { pledgeErrors } from './modules/pledges/index.ts';

export function errorListCalls() {
  campaignErrors.notFound({ id: 3 });
  httpErrors.routeNotFound({ method: 'GET', url: '/api/nothing' });
  httpErrors.unauthorized();

  // @ts-expect-error 'There is no campaign with id {id}' needs its id
  campaignErrors.notFound();
  // @ts-expect-error a value the message does not name
  campaignErrors.notFound({ campaign: 3 });
  // @ts-expect-error a message without placeholders takes no values
  httpErrors.unauthorized({ id: 1 });

  // A message core builds at run time is a plain string: its values are not checked.
  pledgeErrors.belowMinimum({ symbol: 'x' });
  pledgeErrors.none();
}
