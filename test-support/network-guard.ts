/**
 * Refuses every TCP connection this process tries to open, and notes where it was going, so a test can run a tool in
 * process and show it needed no network. Every client (http, https, fetch, tls) connects through `net.Socket`; local
 * IPC over a socket path is let through.
 */
import { Socket } from 'node:net';

/** The guard in place: what was attempted, and how to take it away. */
export interface NetworkGuard {
  readonly attempts: string[];
  restore(): void;
}

function describeTarget(args: unknown[]): string | null {
  const [first, second] = args;
  const options = Array.isArray(first) ? (first[0] as unknown) : first;
  if (typeof options === 'object' && options !== null) {
    const { path, host, port } = options as { path?: unknown; host?: unknown; port?: unknown };
    if (typeof path === 'string') return null;
    return `${String(host ?? 'localhost')}:${String(port)}`;
  }
  if (typeof options === 'string' && !/^\d+$/.test(options)) return null;
  return `${typeof second === 'string' ? second : 'localhost'}:${String(options)}`;
}

/** Installs the guard until `restore` is called. */
export function guardNetwork(): NetworkGuard {
  const attempts: string[] = [];
  const original = Socket.prototype.connect;
  Socket.prototype.connect = function guardedConnect(this: Socket, ...args: unknown[]): Socket {
    const target = describeTarget(args);
    if (target === null) return (original as (...a: unknown[]) => Socket).apply(this, args);
    attempts.push(target);
    process.nextTick(() => this.destroy(new Error(`network use refused in this test: ${target}`)));
    return this;
  } as typeof Socket.prototype.connect;
  return { attempts, restore: () => void (Socket.prototype.connect = original) };
}
