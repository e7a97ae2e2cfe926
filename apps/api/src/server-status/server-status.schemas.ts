import { Type, type Static } from 'typebox';
import { Nullable } from '../http/common.schemas.js';

export const ServerClock = Type.Object(
  {
    server_time: Type.Integer({ description: "The server's clock when it answered, in Unix milliseconds" }),
    server_offset_ms: Nullable(
      Type.Integer({
        description:
          "How far the server's clock is ahead of its devices' agreeing clocks, or of the outside time source when one is configured (TIME_CHECK, the timeCheck setting) (negative: behind), when it is taken to be wrong (more than 15 s off; by devices, at least two agreeing); null otherwise",
      }),
    ),
    devices: Type.Integer({
      description: 'Distinct devices whose clocks were heard in the last ten minutes',
    }),
    device_offset_ms: Nullable(
      Type.Integer({
        description:
          "This device's clock minus the server's, from this request's X-Client-Time (null without it)",
      }),
    ),
    device_agrees: Nullable(
      Type.Boolean({
        description:
          "Whether this device's clock agrees with the other devices' consensus (null: no consensus of two devices yet)",
      }),
    ),
  },
  { title: 'ServerClock' },
);

export const DataDisk = Type.Object(
  {
    free_bytes: Type.Integer({ description: 'Free space in DATA_DIR for the server' }),
    total_bytes: Type.Integer(),
    low: Type.Boolean({ description: 'Under 100 MB or 5 % free' }),
    full: Type.Boolean({ description: 'Writes are refused (507) until space is freed' }),
  },
  { title: 'DataDisk' },
);

export const ServerStatus = Type.Object(
  { clock: ServerClock, disk: Nullable(DataDisk) },
  { title: 'ServerStatus', description: "The server's clock and data disk (Twofold only)" },
);
export type ServerStatusView = Static<typeof ServerStatus>;
