/**
 * A member's "sudo mode" (decision 230): a withdrawal, a withdrawal destination and turning 2FA on
 * need the password given in the last 10 minutes on this session. When such a call answers 403
 * `REAUTH_REQUIRED`, the API client asks the member shell's password dialog (registered here), and
 * sends the call once more if the member confirmed. Without a dialog (not loaded yet) the call fails
 * with the server's message.
 */
type Handler = () => Promise<boolean>;

let handler: Handler | null = null;

/** Registers what asks for the password (the member shell's dialog); returns the unregister. */
export function setPasswordConfirmHandler(next: Handler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Asks the member for the password; true once the server has opened the window. */
export function askPasswordConfirm(): Promise<boolean> {
  return handler ? handler() : Promise.resolve(false);
}
