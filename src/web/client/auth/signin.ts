/** The sign-in page (/signin): sign in with a passkey, or sign up (a new account and its first passkey). */
import { $ } from '../dom.js';
import { post, webauthn, type AuthenticationOptions, type Ceremony, type RegistrationOptions } from './request.js';

/** Run `action`, showing its failure in the box `errorId` (emptied first). */
async function reporting(errorId: string, action: () => Promise<void>): Promise<void> {
  const err = $(`#${errorId}`)!;
  err.textContent = '';
  try {
    await action();
  } catch (e) {
    err.textContent = (e as Error).message;
  }
}

export function initSignin(next: string | undefined): void {
  const go = () => location.assign(next || '/account');
  $('#passkey-signin')?.addEventListener(
    'click',
    () =>
      void reporting('signin-error', async () => {
        const { flow, options } = await post<Ceremony<AuthenticationOptions>>('/auth/signin/options', {});
        const response = await webauthn().startAuthentication({ optionsJSON: options });
        await post<unknown>('/auth/signin/verify', { flow, response });
        go();
      }),
  );
  $('#signup-form')?.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void reporting('signup-error', async () => {
      const name = $<HTMLInputElement>('#signup-name')!.value.trim();
      const passkeyName = $<HTMLInputElement>('#signup-passkey')!.value.trim();
      if (!name) throw new Error('Choose an account name.');
      const { flow, options } = await post<Ceremony<RegistrationOptions>>('/auth/signup/options', { name, passkeyName });
      const response = await webauthn().startRegistration({ optionsJSON: options });
      await post<unknown>('/auth/signup/verify', { flow, response });
      go();
    });
  });
}
