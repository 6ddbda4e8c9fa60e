import type { Notifier } from '@licensure/db';
import type { FastifyBaseLogger } from 'fastify';

const CHANNEL = 'message_hub';

interface Socket {
  send(data: string): void;
}

/**
 * Delivers `ReceiveMessage` events to a user's open WebSockets. Events travel through PostgreSQL
 * NOTIFY, so a message published by one server process reaches sockets held by any other.
 */
export function createMessageHub(notifier: Notifier, log: FastifyBaseLogger) {
  const sockets = new Map<string, Set<Socket>>();
  let unlisten: (() => Promise<void>) | undefined;
  let listening: Promise<void> | undefined;

  function deliver(payload: string) {
    try {
      const { user_id, message } = JSON.parse(payload) as { user_id: string; message: unknown };
      const frame = JSON.stringify({ type: 'ReceiveMessage', message });
      for (const s of sockets.get(user_id) ?? []) s.send(frame);
    } catch (err) {
      log.warn({ err }, 'bad message hub payload');
    }
  }

  function ensureListening() {
    listening ??= notifier.listen(CHANNEL, deliver).then((u) => {
      unlisten = u;
    });
    return listening;
  }

  return {
    async attach(userId: string, socket: Socket): Promise<() => void> {
      await ensureListening();
      const set = sockets.get(userId) ?? new Set<Socket>();
      sockets.set(userId, set);
      set.add(socket);
      return () => {
        set.delete(socket);
        if (set.size === 0) sockets.delete(userId);
      };
    },
    /** Sends a message to every open socket of the user, in every server process. */
    async publish(userId: string, message: unknown): Promise<void> {
      await notifier.notify(CHANNEL, JSON.stringify({ user_id: userId, message }));
    },
    listen: ensureListening,
    async close() {
      await unlisten?.();
    },
  };
}
export type MessageHub = ReturnType<typeof createMessageHub>;
