import { SMTPServer } from 'smtp-server';

interface PeerOptions {
  /** Refuse the message (451, a temporary failure) while this says so for its recipients. */
  refuse?: (to: string[]) => boolean;
}

/** A real SMTP server on a free local port that keeps what it receives (quoted-printable soft breaks joined). */
export async function startSmtpPeer(options: PeerOptions = {}): Promise<{
  url: string;
  received: { to: string[]; data: string }[];
  /** The messages to an address, waiting up to 10 s for the first (mail is sent by a job). */
  waitFor(address: string): Promise<string[]>;
  close(): Promise<void>;
}> {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        if (options.refuse?.(to))
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        received.push({ to, data: data.replace(/=\r\n/g, '').replace(/=3D/g, '=') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  const to = (address: string) =>
    received.filter((m) => m.to.some((t) => t.toLowerCase() === address.toLowerCase())).map((m) => m.data);
  return {
    url: `smtp://127.0.0.1:${port}?starttls=false`,
    received,
    async waitFor(address) {
      const deadline = Date.now() + 10_000;
      while (to(address).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      return to(address);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
