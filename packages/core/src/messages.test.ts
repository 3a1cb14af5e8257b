import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';

describe('messages', () => {
  it("uses the words of product-rules §5 and §8", () => {
    expect(MSG.emailRequired).toBe('Email is required');
    expect(MSG.emailInvalid).toBe('Email is invalid');
    expect(MSG.passwordRequired).toBe('Password is required');
    expect(MSG.passwordTooShort).toBe('Password must be at least 8 characters long');
    expect(MSG.firstNameRequired).toBe('First name is required');
    expect(MSG.lastNameRequired).toBe('Last name is required');
    expect(MSG.countryRequired).toBe('Please select a country');
    expect(MSG.termsRequired).toBe('You must accept the above terms to participate in the challenge');
    expect(MSG.passwordsMustMatch).toBe('Passwords must match');
    expect(MSG.tokenRequired).toBe('Token is required');
    expect(MSG.confirmPasswordRequired).toBe('Please confirm your password');
    expect(MSG.loginFailed).toBe('Login details incorrect');
    expect(MSG.emailExists).toBe('Email already exists');
    expect(MSG.invalidToken).toBe('Not a valid token');
    expect(MSG.invalidEmail).toBe('Not a valid email');
    expect(MSG.selectPaymentMethod).toBe('Please select a payment method');
    expect(MSG.noSavedMethods).toBe('No saved payment methods');
    expect(MSG.noPledges).toBe('No pledges!');
    expect(MSG.parkingRequired).toBe("Please check the box if you don't pay for parking");
    expect(MSG.pledgeAtLeast('£')).toBe('Please ensure your pledge is at least £10');
    expect(MSG.addCampaignFailed).toBe('Could not add campaign');
    expect(MSG.deleteCampaignFailed).toBe('Could not delete campaign');
    expect(MSG.editCampaignFailed).toBe('Could not edit campaign');
    expect(MSG.deactivateCampaignsFailed).toBe('Could not deactivate campaigns');
    expect(MSG.campaignInfoFailed).toBe('Unable to fetch campaign information');
    expect(MSG.cancelPledgeTitle('Aroha')).toBe("Cancel Aroha's pledge");
  });
});
