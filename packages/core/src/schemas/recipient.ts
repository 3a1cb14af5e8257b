import { z } from 'zod';
import { countryCodeSchema, idSchema } from './common.ts';

/** A charity's photo (docs/decisions/129-charity-photos-and-stories.md): WebP, upright, without metadata. */
export const recipientPhotoSchema = z
  .object({
    /** At most 1200 px wide. */
    url: z.string(),
    /** 600 px wide, for cards. */
    card_url: z.string(),
    /** What the photo shows, for screen readers. */
    alt: z.string(),
    /** The full size's pixels; the card's copy has the same proportions. */
    width: z.number().int().min(1),
    height: z.number().int().min(1),
  })
  .meta({ id: 'RecipientPhoto' });
export type RecipientPhoto = z.infer<typeof recipientPhotoSchema>;

/** A partner charity as the API answers it (product-rules §3); impact_cost is a decimal amount of its country's currency. */
export const recipientSchema = z
  .object({
    id: idSchema,
    recipient_name: z.string(),
    logo: z.string(),
    impact_cost: z.number().min(0),
    impact_unit: z.string(),
    /** The unit for exactly one ('hour of helpline support' beside 'hours of helpline support'). */
    impact_unit_singular: z.string(),
    impact_description: z.string(),
    impact_multiplier: z.number().int().min(1),
    description: z.string(),
    link: z.string(),
    country: countryCodeSchema,
    /** Plain text, at most 1,000 characters; blank lines separate paragraphs; '' for none. */
    story: z.string(),
    photo: recipientPhotoSchema.nullable(),
  })
  .meta({ id: 'Recipient' });
export type Recipient = z.infer<typeof recipientSchema>;

/** GET /api/recipient/{campaign,default}/{country}: ordered by id, the order the totals follow. */
export const recipientListSchema = z.array(recipientSchema);

/** A charity as a choice in a list (the admin's export screen): its id, name and country. */
export const recipientChoiceSchema = recipientSchema.pick({ id: true, recipient_name: true, country: true });
export type RecipientChoice = z.infer<typeof recipientChoiceSchema>;
