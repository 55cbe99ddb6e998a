import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { configuredDatabase } from '../../server/services.ts';

describe('loadConfig', () => {
  it('defaults to the embedded database on port 3000 with the sandbox payments', () => {
    const c = loadConfig({}, '/srv/soko');
    expect(c.port).toBe(3000);
    expect(c.appUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toBe('/srv/soko/data');
    expect(c.mediaDir).toBe('/srv/soko/data/media');
    expect(c.payments.sandbox).toBe(true);
    expect(c.secureCookies).toBe(false);
    expect(c.searchCacheSeconds).toBe(60);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
    expect(() => loadConfig({ SEARCH_CACHE_SECONDS: '-5' })).toThrow(/SEARCH_CACHE_SECONDS/);
  });

  it('reads the ad term and the report threshold (issue 19), with their defaults and bounds', () => {
    expect(loadConfig({}).listings).toEqual({ ttlDays: 30, reportsAutoHide: 3 });
    expect(loadConfig({ LISTING_TTL_DAYS: '14', REPORTS_AUTO_HIDE: '5' }).listings).toEqual({ ttlDays: 14, reportsAutoHide: 5 });
    expect(() => loadConfig({ LISTING_TTL_DAYS: '0' })).toThrow(/LISTING_TTL_DAYS/);
    expect(() => loadConfig({ LISTING_TTL_DAYS: 'a month' })).toThrow(/LISTING_TTL_DAYS/);
    expect(() => loadConfig({ REPORTS_AUTO_HIDE: '0' })).toThrow(/REPORTS_AUTO_HIDE/);
  });

  it('uses secure cookies when the public URL is https', () => {
    const c = loadConfig({ APP_URL: 'https://soko.co.ke/', PAYMENTS_SANDBOX: 'true' });
    expect(c.appUrl).toBe('https://soko.co.ke');
    expect(c.secureCookies).toBe(true);
  });

  it('turns the search cache off with SEARCH_CACHE_SECONDS=0', () => {
    expect(loadConfig({ SEARCH_CACHE_SECONDS: '0' }).searchCacheSeconds).toBe(0);
  });

  it('switches payments to the real provider when a secret key is set', () => {
    expect(loadConfig({ FLW_SECRET_KEY: 'FLWSECK_TEST-abc' }).payments.sandbox).toBe(false);
  });

  it('refuses to run the payment sandbox on a public address unless PAYMENTS_SANDBOX=true says so', () => {
    for (const APP_URL of ['https://soko.co.ke', 'http://192.168.1.20:3000', 'http://soko.example']) {
      expect(() => loadConfig({ APP_URL })).toThrow(/PAYMENTS_SANDBOX/);
      expect(loadConfig({ APP_URL, PAYMENTS_SANDBOX: 'true' }).payments.sandbox).toBe(true);
      expect(loadConfig({ APP_URL, FLW_SECRET_KEY: 'FLWSECK-live' }).payments.sandbox).toBe(false);
    }
    for (const APP_URL of ['http://localhost:3000', 'http://127.0.0.1:3100', 'http://shop.localhost', 'http://[::1]:3000']) {
      expect(loadConfig({ APP_URL }).payments.sandbox).toBe(true);
    }
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'false' })).toThrow(/PAYMENTS_SANDBOX.*FLW_SECRET_KEY/);
  });

  it('runs M-Pesa against the Daraja sandbox where the payment sandbox runs, live with all four keys, and off otherwise', () => {
    const local = loadConfig({}).mpesa;
    expect(local.mode).toBe('sandbox');
    expect(local.callbackBaseUrl).toBe('http://localhost:3000');
    expect(local.baseUrl).toBe('https://sandbox.safaricom.co.ke');
    expect(local.shortcodeName).toBe('Soko');
    expect(loadConfig({ APP_URL: 'https://soko.co.ke', PAYMENTS_SANDBOX: 'true' }).mpesa.mode).toBe('sandbox');
    expect(loadConfig({ APP_URL: 'https://soko.co.ke', FLW_SECRET_KEY: 'FLWSECK-live' }).mpesa.mode).toBe('off');
    const keys = { DARAJA_CONSUMER_KEY: 'ck', DARAJA_CONSUMER_SECRET: 'cs', DARAJA_SHORTCODE: '174379', DARAJA_PASSKEY: 'pk' };
    const live = loadConfig({ APP_URL: 'https://soko.co.ke', FLW_SECRET_KEY: 'FLWSECK-live', DARAJA_ENV: 'production', ...keys }).mpesa;
    expect(live).toMatchObject({ mode: 'live', shortcode: '174379', baseUrl: 'https://api.safaricom.co.ke', callbackBaseUrl: 'https://soko.co.ke' });
    expect(loadConfig({ ...keys, DARAJA_CALLBACK_BASE_URL: 'https://cb.soko.co.ke/', DARAJA_BASE_URL: 'http://127.0.0.1:9/' }).mpesa).toMatchObject({
      callbackBaseUrl: 'https://cb.soko.co.ke',
      baseUrl: 'http://127.0.0.1:9',
    });
    // Safaricom calls back over HTTPS only, and a partial set of keys would fail on the first payment.
    expect(() => loadConfig(keys)).toThrow(/DARAJA_CALLBACK_BASE_URL.*https/);
    expect(() => loadConfig({ DARAJA_CONSUMER_KEY: 'ck', DARAJA_SHORTCODE: '174379' })).toThrow(/DARAJA_CONSUMER_SECRET.*DARAJA_PASSKEY/);
    expect(() => loadConfig({ DARAJA_SHORTCODE: 'abc' })).toThrow(/DARAJA_SHORTCODE/);
    expect(() => loadConfig({ DARAJA_ENV: 'live' })).toThrow(/DARAJA_ENV/);
  });

  it('runs one server process per core on PostgreSQL, and only one with the embedded database', () => {
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db' }).webConcurrency).toBeGreaterThanOrEqual(1);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', WEB_CONCURRENCY: '3' }).webConcurrency).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY.*DATABASE_URL/);
  });

  it('keeps about two PostgreSQL connections a core, shared out over the processes, at least two each', () => {
    const cores = os.availableParallelism();
    const url = 'postgres://x@h/db';
    expect(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '1' }).databasePoolSize).toBe(Math.max(2, 2 * cores));
    expect(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: String(2 * cores) }).databasePoolSize).toBe(2);
    expect(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: String(cores) }).databasePoolSize).toBe(2);
    expect(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: '1', DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    for (const bad of ['0', '1', '101', '2.5', 'many']) expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    // What the server opens (server/services.ts) is that pool.
    expect(configuredDatabase(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '7' }))).toEqual({ kind: 'postgres', url, max: 7 });
    expect(configuredDatabase(loadConfig({ DATA_DIR: '/tmp/soko-x' }))).toEqual({ kind: 'pglite', dataDir: '/tmp/soko-x/pglite' });
  });
});
