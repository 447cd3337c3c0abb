import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionBusProblem } from './session-bus.js';

describe('sessionBusProblem', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'timbre-bus-'));
  const socket = path.join(folder, 'bus');
  writeFileSync(socket, '');
  const gone = path.join(folder, 'gone');

  it('says so when no session bus address is set', () => {
    expect(sessionBusProblem({})).toBe('DBUS_SESSION_BUS_ADDRESS is not set');
    expect(sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: '  ' })).toBe('DBUS_SESSION_BUS_ADDRESS is not set');
  });

  it('finds a bus address whose socket file is gone', () => {
    expect(sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${gone}` })).toBe(
      `nothing is at ${gone}, the address in DBUS_SESSION_BUS_ADDRESS`,
    );
    expect(sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${socket},guid=0123` })).toBeUndefined();
    // One alternative that is there is enough.
    expect(
      sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${gone};unix:path=${socket}` }),
    ).toBeUndefined();
  });

  it('leaves addresses it cannot check to the call itself', () => {
    expect(sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-x1y2' })).toBeUndefined();
    expect(sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: 'tcp:host=localhost,port=4000' })).toBeUndefined();
  });

  it('leaves a badly escaped path to the call itself instead of throwing over its error', () => {
    expect(sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${gone}%zz` })).toBeUndefined();
    expect(sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${gone}%E0%A4%A` })).toBeUndefined();
    // An alternative escaped well is still checked.
    expect(
      sessionBusProblem({ DBUS_SESSION_BUS_ADDRESS: `unix:path=${gone.replace('gone', '%67one')}` }),
    ).toBe(`nothing is at ${gone}, the address in DBUS_SESSION_BUS_ADDRESS`);
  });
});
