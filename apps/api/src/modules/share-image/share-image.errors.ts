import { defineErrors } from '../../errors.ts';

// The share-image module's answers (docs/decisions/111, docs/decisions/025).

export const shareImageErrors = defineErrors('share-image', {
  notFound: { code: 'share_image.not_found', status: 404, message: 'No preview image here' },
  pageNotFound: { code: 'share_image.page_not_found', status: 404, message: 'No public page at this address' },
});
