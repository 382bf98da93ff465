// What Linux's /proc says about the cms: which process serves its port, and how much memory it holds.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const parentOf = (pid) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

function processTree(rootPid) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = parentOf(entry);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  const tree = [rootPid];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]) ?? []));
  return tree;
}

function listeningInodes(port) {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines = [];
    try {
      lines = readFileSync(table, 'utf8').split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(hexPort) && fields[3] === '0A') inodes.add(fields[9]);
    }
  }
  return inodes;
}

/**
 * The process that listens on port: the spawned one or one of its descendants (a launcher
 * such as `strapi start` could fork the real server; this finds it either way).
 */
export function servingPid(rootPid, port) {
  const inodes = listeningInodes(port);
  for (const pid of processTree(rootPid)) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (socket && inodes.has(socket[1])) return pid;
      }
    } catch {
      // not ours to read, or ended
    }
  }
  throw new Error(`no process below ${rootPid} listens on port ${port}`);
}

/** Resident memory (VmRSS) of a process, in bytes. */
export function residentBytes(pid) {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
