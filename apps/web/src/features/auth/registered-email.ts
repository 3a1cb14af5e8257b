// The email a visitor registered with, kept in this browser until they log in, so the login that
// follows activation (often in the tab the mailed link opens) has the email filled in
// (docs/decisions/124-fewer-stops-to-a-first-pledge.md). Local storage, because the mailed link
// opens a new tab; removed at login, and nothing breaks when storage is off.

const KEY = 'uplift.registeredEmail';

export function rememberRegisteredEmail(email: string): void {
  try {
    localStorage.setItem(KEY, email);
  } catch {
    // storage disabled: the donor types their email at login
  }
}

export function registeredEmail(): string | undefined {
  try {
    return localStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetRegisteredEmail(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // ignore
  }
}
