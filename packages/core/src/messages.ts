// Every user-facing message from product-rules §5 (validation) and §8 (errors), plus the few
// fixed texts both sides show, written once so the browser and the API say the same thing.
// Messages that need a value are functions.

import { CAMPAIGN_COMING_SOON } from './public-messages.ts';

export { CAMPAIGN_COMING_SOON };

export const MSG = {
  // Registration, login, recovery (product-rules §5)
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  emailTooLong: 'Email must be at most 254 characters long',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 1024 characters long',
  passwordTooCommon: 'This password is one of the most common ones, so it is easy to guess. Please choose another.',
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'First name must be at most 100 characters long',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name must be at most 100 characters long',
  addressTooLong: 'Address must be at most 200 characters long',
  countryRequired: 'Please select a country',
  termsRequired: 'You must accept the above terms to participate in the challenge',
  passwordsMustMatch: 'Passwords must match',
  tokenRequired: 'Token is required',
  confirmPasswordRequired: 'Please confirm your password',
  // Admin two-factor sign-in (docs/decisions/077)
  twoFactorCodeRequired: 'Code is required',
  twoFactorCodeInvalid: 'That code is not right. Please try again.',

  // Calculator (product-rules §5)
  parkingRequired: "Please check the box if you don't pay for parking",
  pledgeAtLeast: (symbol: string): string => `Please ensure your pledge is at least ${symbol}10`,
  pledgeAboveMaximum: (amount: string, contactEmail: string): string =>
    `Pledges above ${amount} need a conversation first: please email ${contactEmail}`,

  // API answers shown by the browser (product-rules §8)
  loginFailed: 'Login details incorrect',
  emailExists: 'Email already exists',
  invalidToken: 'Not a valid token',
  invalidEmail: 'Not a valid email',
  selectPaymentMethod: 'Please select a payment method',
  noSavedMethods: 'No saved payment methods',
  noPledges: 'No pledges!',
  campaignInfoFailed: 'Unable to fetch campaign information',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',

  // Admin (product-rules §8)
  addCampaignFailed: 'Could not add campaign',
  deleteCampaignFailed: 'Could not delete campaign',
  editCampaignFailed: 'Could not edit campaign',
  deactivateCampaignsFailed: 'Could not deactivate campaigns',

  // Pledges and payments (server side of product-rules §14 and "Payments")
  amountMismatch: 'The confirmed amount does not match the pledge',
  campaignClosed: 'This campaign is no longer open to join',
  cardDeclined: 'Your card was declined.',

  // Request validation (schemas/*)
  idInvalid: 'id must be a positive whole number',
  dateInvalid: 'Date must be a real date in the form YYYY-MM-DD',
  amountInvalid: 'Amount must be a number with at most two decimal places',
  amountNegative: 'Amount must not be negative',
  amountTooLarge: 'Amount is too large',
  unitsInvalid: 'Number must be a whole number of 0 or more',
  unitsTooLarge: 'Number is too large',
  periodInvalid: 'Period must be weekly or monthly',
  campaignRequired: 'Please choose a campaign',
  challengeRequired: 'Please choose a challenge',
  recipientRequired: 'Please choose a charity',
  termsAcceptedRequired: 'The terms must be accepted',
  campaignNameRequired: 'Campaign name is required',
  campaignNameTooLong: 'Campaign name must be at most 100 characters long',
  campaignNameFormat: 'Campaign name must be a month followed by a name, e.g. November Uplift Challenge',
  startDateInvalid: 'Start date must be a real date in the form YYYY-MM-DD',
  endDateInvalid: 'End date must be a real date in the form YYYY-MM-DD',
  billingStartDateInvalid: 'Billing start date must be a real date in the form YYYY-MM-DD',
  endBeforeStart: 'End date must be on or after the start date',
  campaignGoalInvalid: 'The goal must be an amount of at least 1 and at most 10,000,000, with at most two decimal places, or left empty',
  billingOutsideCampaign: 'Billing start date must be between the start date and the end date',
  billingCycleInvalid: 'Billing cycle must be Weekly',
  isActiveInvalid: 'Active must be true or false',
  optInInvalid: 'Opt-in must be true or false',

  // Generic API answers (product-rules §18: JSON {message} with a fitting status)
  badRequest: 'Invalid request',
  unauthorized: 'Please log in',
  forbidden: 'You do not have access to this',
  notFound: 'Not found',
  campaignNotFound: 'No active campaign',
  serverError: 'Something went wrong. Please try again later.',

  // Fixed screen texts (product-rules §2, §8)
  recoverSuccess: 'Please check your email. You will now be redirected to the password reset page...',
  resetSuccess: 'You have successfully changed your password. You will be redirected to the login page...',
  campaignComingSoon: CAMPAIGN_COMING_SOON,
  notFoundHeading: 'Oops...',
  loading: 'loading',
  cancelPledgeLink: 'Cancel future pledge payments',
  cancelPledgeTitle: (firstName: string): string => `Cancel ${firstName}'s pledge`,
  cancelPledgeQuestion: 'Are you sure you want to cancel your pledge?',
  cancelPledgeConfirm: 'Yes, I want to cancel my pledge',
  cancelPledgeBack: 'Go back',
  countryPlaceholder: 'Please select a country*',
} as const;

export type MessageKey = keyof typeof MSG;
