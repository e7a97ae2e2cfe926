import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';
import type { Account, AccountRecovery, Group } from '../data-source';

/** The signed-in user, as the copy keeps it. */
export const readUser = () => unwrap(api.GET('/api/v1/user'));

/** By icon file name: the digest of its image. */
export type IconDigests = Readonly<Record<string, string>>;

/** What the copy holds, all of it inside the encryption. */
export interface CopyContent {
  readonly refreshedAt: number;
  /** The server's clock minus the device's at the refresh: codes follow the server's time. */
  readonly serverOffsetMs: number;
  readonly accounts: Account[];
  readonly groups: Group[];
  readonly user: Awaited<ReturnType<typeof readUser>>;
  readonly appConfig: ResponseOf<'/app-config', 'get'>;
  readonly settings: ResponseOf<'/api/v1/settings', 'get'>;
  /** By icon file: the digest of its image, under which `logos` keeps it (copy-icons.ts). */
  readonly iconDigests?: IconDigests;
  /**
   * Logos as data URLs by icon file: sealed in the content by copies made before logos were kept
   * apart; else filled in memory from the copy's logos when it is opened.
   */
  readonly icons?: Readonly<Record<string, string>>;
  /**
   * By account id: notes and recovery codes, on a device whose user chose to keep them
   * (`keepsExtras`), in memory from the copy's extras records; else absent.
   */
  readonly extras?: Readonly<Record<string, AccountRecovery>>;
}
