import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { openApps } from './open-apps';

/**
 * A local SMTP server for the mail dispatcher's tests (decision 209): nodemailer's own smtp-server
 * speaking SMTP on 127.0.0.1 (no TLS, no login), keeping each message it accepted with its envelope.
 * A test can hold its answers to DATA (the client waits, as on a slow server) or refuse every message
 * with an SMTP status.
 */
export interface FakeSmtp {
  url: string;
  /** Messages accepted, in order: envelope recipients and the raw message. */
  received: { to: string[]; raw: string }[];
  /** Refuses each message's DATA with this status (451: try again later); null accepts. */
  refuseWith: number | null;
  /** Holds the answers to DATA until the returned function is called. */
  hold(): () => void;
  /** Messages whose DATA arrived and waits for an answer (held). */
  waiting(): number;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  let gate: Promise<void> | null = null;
  let waiting = 0;
  const fake: FakeSmtp = {
    url: '',
    received: [],
    refuseWith: null,
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
    waiting: () => waiting,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    // No reverse DNS of the client (127.0.0.1): the machine has no resolver to ask.
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          waiting += 1;
          if (gate) await gate;
          waiting -= 1;
          if (fake.refuseWith !== null) {
            const refusal = Object.assign(new Error('Mailbox busy, try again later'), {
              responseCode: fake.refuseWith,
            });
            return callback(refusal);
          }
          fake.received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Closed after the file (test/setup.ts's closeTestApps), after the apps that send to it.
  openApps.add(() => new Promise<void>((resolve) => server.close(() => resolve())));
  fake.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return fake;
}
