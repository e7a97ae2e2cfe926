import { PGlite } from '@electric-sql/pglite';
const pg = await PGlite.create();
await pg.exec('create table t (id int primary key, v text); insert into t select g, md5(g::text) from generate_series(1,1000) g;');
const time = async (label: string, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 200; i++) await fn();
  const N = 3000; const s = performance.now();
  for (let i = 0; i < N; i++) await fn();
  console.log(label, ((performance.now() - s) / N * 1000).toFixed(0), 'µs');
};
await time('query select 1', () => pg.query('select 1'));
await time('exec select 1', () => pg.exec('select 1'));
await time('query param', () => pg.query('select v from t where id = $1', [5]));
await time('query param no params', () => pg.query('select v from t where id = 5'));
await pg.close();
