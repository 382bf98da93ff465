import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { keepPreparedStatements } from './sqlite-statements';

describe('keepPreparedStatements', () => {
  let db: Database.Database;
  const open = (limit?: number) => {
    db = new Database(':memory:');
    keepPreparedStatements(db, limit);
    db.exec('CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT, stock INTEGER)');
    return db;
  };
  afterEach(() => db?.close());

  it('prepares the same SQL once and answers each run with its own bindings', () => {
    open();
    const insert = 'INSERT INTO products (name, stock) VALUES (?, ?)';
    db.prepare(insert).run(['Haus-Shirt', 3]);
    db.prepare(insert).run(['Trinkhorn', 0]);
    expect(db.prepare(insert)).toBe(db.prepare(insert));

    const select = 'SELECT name, stock FROM products WHERE stock >= ? ORDER BY id';
    expect(db.prepare(select).all([0])).toEqual([
      { name: 'Haus-Shirt', stock: 3 },
      { name: 'Trinkhorn', stock: 0 },
    ]);
    expect(db.prepare(select).all([1])).toEqual([{ name: 'Haus-Shirt', stock: 3 }]);
  });

  it('keeps at most the limit, dropping the least recently used', () => {
    open(2);
    const first = db.prepare('SELECT 1');
    const second = db.prepare('SELECT 2');
    expect(db.prepare('SELECT 1')).toBe(first); // used again: now the most recent
    db.prepare('SELECT 3'); // over the limit: SELECT 2 goes
    expect(db.prepare('SELECT 1')).toBe(first);
    expect(db.prepare('SELECT 2')).not.toBe(second);
  });

  it('answers a kept statement with the table as it is after the schema changed', () => {
    open();
    db.prepare('INSERT INTO products (name, stock) VALUES (?, ?)').run(['Kapuzenmantel', 5]);
    const everything = 'SELECT * FROM products';
    expect(db.prepare(everything).all()).toEqual([{ id: 1, name: 'Kapuzenmantel', stock: 5 }]);

    db.exec("ALTER TABLE products ADD COLUMN size TEXT DEFAULT 'M'");
    expect(db.prepare(everything).all()).toEqual([{ id: 1, name: 'Kapuzenmantel', stock: 5, size: 'M' }]);
  });

  it('leaves better-sqlite3’s own statements (pragmas, transactions) alone', () => {
    open();
    expect(db.pragma('journal_mode', { simple: true })).toBe('memory');
    const addTwo = db.transaction(() => {
      db.prepare('INSERT INTO products (name, stock) VALUES (?, ?)').run(['Met', 1]);
      db.prepare('INSERT INTO products (name, stock) VALUES (?, ?)').run(['Met', 2]);
    });
    addTwo();
    expect(db.prepare('SELECT count(*) AS count FROM products').get()).toEqual({ count: 2 });
  });

  it('still refuses SQL that does not prepare, and keeps nothing for it', () => {
    open();
    expect(() => db.prepare('SELECT label FROM later')).toThrow(/no such table/);
    db.exec('CREATE TABLE later (label TEXT)');
    expect(db.prepare('SELECT label FROM later').all()).toEqual([]);
  });
});
