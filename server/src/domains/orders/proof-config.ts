import { DEFAULT_PHOTO_LIMITS, type PhotoLimits } from './photo-image';

/** The settings of issue 40's photos (see this domain's README, "Photos and riders"). */
export interface ProofConfig {
  /** PHOTO_MAX_MB (default 12): a larger upload is refused; the pixel limit stops decompression bombs. */
  photoLimits: PhotoLimits;
  /** PHOTO_KEEP_DAYS (default 90): photos are deleted this long after the order's delivery day. */
  photoKeepDays: number;
}

export const DEFAULT_PROOF_CONFIG: ProofConfig = { photoLimits: DEFAULT_PHOTO_LIMITS, photoKeepDays: 90 };

export function loadProofConfig(env: NodeJS.ProcessEnv = process.env): ProofConfig {
  const number = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got '${raw}'`);
    return n;
  };
  return {
    photoLimits: { ...DEFAULT_PHOTO_LIMITS, maxBytes: Math.round(number('PHOTO_MAX_MB', DEFAULT_PHOTO_LIMITS.maxBytes / 1_000_000) * 1_000_000) },
    photoKeepDays: number('PHOTO_KEEP_DAYS', 90),
  };
}
