import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free local port that keeps what it receives (quoted-printable soft breaks joined). */
export async function startSmtpPeer(): Promise<{
  url: string;
  received: { to: string[]; data: string }[];
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
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: data.replace(/=\r\n/g, '').replace(/=3D/g, '='),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}?starttls=false`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
