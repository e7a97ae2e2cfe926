import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { iconUrl } from './icon.api';
import './account-icon.css';

type Plate = 'dark' | 'light' | 'none';

const PLATES_KEY = 'twofold:logo-plates';
const MAX_PLATES = 2000;

/**
 * Each logo's plate, decided once per file and kept between visits: an icon file never changes
 * (a new logo is a new file), and deciding costs a canvas read per row on a phone's first screen.
 */
const plates = readPlates();
let saveQueued = false;

function readPlates(): Map<string, Plate> {
  try {
    const stored = JSON.parse(localStorage.getItem(PLATES_KEY) ?? '{}') as Record<string, unknown>;
    return new Map(
      Object.entries(stored).filter((entry): entry is [string, Plate] =>
        ['dark', 'light', 'none'].includes(entry[1] as string),
      ),
    );
  } catch {
    return new Map();
  }
}

function keepPlate(file: string, plate: Plate): void {
  plates.set(file, plate);
  // The oldest go first once there are more than any list shows.
  for (const old of plates.keys()) {
    if (plates.size <= MAX_PLATES) break;
    plates.delete(old);
  }
  if (saveQueued) return;
  saveQueued = true;
  setTimeout(() => {
    saveQueued = false;
    try {
      localStorage.setItem(PLATES_KEY, JSON.stringify(Object.fromEntries(plates)));
    } catch {
      // Storage full or refused: the plates are decided again at the next visit.
    }
  }, 1000);
}

/**
 * The plate a logo needs, from the luminance of its opaque pixels: white artwork gets a dark
 * plate and black artwork a light one (in both themes); a coloured or opaque logo keeps the theme's.
 */
function plateOf(image: HTMLImageElement): Plate {
  const size = 24;
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context || !image.naturalWidth) return 'none';
  context.canvas.width = context.canvas.height = size;
  context.drawImage(image, 0, 0, size, size);
  let data: Uint8ClampedArray;
  try {
    data = context.getImageData(0, 0, size, size).data;
  } catch {
    return 'none'; // a file the page may not read
  }
  let opaque = 0;
  let light = 0;
  for (let index = 0; index < data.length; index += 4) {
    if (data[index + 3]! < 128) continue;
    opaque++;
    light += (0.2126 * data[index]! + 0.7152 * data[index + 1]! + 0.0722 * data[index + 2]!) / 255;
  }
  // An opaque logo brings its own background: no plate shows.
  if (opaque === 0 || opaque > size * size * 0.9) return 'none';
  const luminance = light / opaque;
  return luminance > 0.8 ? 'dark' : luminance < 0.2 ? 'light' : 'none';
}

function Logo({
  file,
  style,
  fallback,
}: {
  readonly file: string;
  readonly style: { width: number; height: number };
  readonly fallback: ReactNode;
}) {
  const [plate, setPlate] = useState(() => plates.get(file));
  // A logo that cannot load (offline, from the device's copy, or a file gone) shows the initial.
  const [failed, setFailed] = useState(false);
  const decide = (event: SyntheticEvent<HTMLImageElement>) => {
    const decided = plateOf(event.currentTarget);
    keepPlate(file, decided);
    setPlate(decided);
  };
  if (failed) return fallback;
  return (
    <img
      className="account-icon"
      style={style}
      src={iconUrl(file)}
      alt=""
      loading="lazy"
      data-plate={plate}
      onLoad={plate === undefined ? decide : undefined}
      onError={() => setFailed(true)}
    />
  );
}

interface IconAccount {
  readonly service: string | null;
  readonly account: string;
  readonly icon: string | null;
  readonly indecipherable?: boolean;
}

/** The account's icon, or its initial on a tinted disc when it has none. */
export function AccountIcon({
  account,
  size = 40,
}: {
  readonly account: IconAccount;
  readonly size?: number;
}) {
  const style = { width: size, height: size };
  if (account.indecipherable) {
    return (
      <span className="account-icon account-icon-danger" style={style} aria-hidden="true">
        !
      </span>
    );
  }
  const letter = <LetterIcon name={account.service ?? account.account} size={size} />;
  if (account.icon) {
    return <Logo key={account.icon} file={account.icon} style={style} fallback={letter} />;
  }
  return letter;
}

/** The name's initial on a disc tinted from the name. */
function LetterIcon({ name, size }: { readonly name: string; readonly size: number }) {
  const style = { width: size, height: size };
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?';
  let hue = 0;
  for (const char of name) hue = (hue * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return (
    <span
      className="account-icon account-icon-letter"
      style={{ ...style, fontSize: size * 0.45, ['--hue' as string]: String(hue) }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}

export function AccountContent({
  account,
  showIcon,
}: {
  readonly account: IconAccount;
  readonly showIcon: boolean;
}) {
  return (
    <>
      {showIcon && <AccountIcon account={account} />}
      {/* Each name reads in its own direction: a Latin name in an Arabic page is cut at its end. */}
      <span className="account-text">
        <span className="account-service">
          <span className="account-line" dir="auto">
            {account.service ?? account.account}
          </span>
        </span>
        {account.service && (
          <span className="account-name">
            <span className="account-line" dir="auto">
              {account.account}
            </span>
          </span>
        )}
      </span>
    </>
  );
}
