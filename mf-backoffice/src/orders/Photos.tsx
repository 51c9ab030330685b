import { ORDER_PHOTO_KINDS, ORDER_PHOTO_LABELS, PHOTO_CAPTION_MAX, PHOTO_FORM, type OrderPhotoKind, type OrderPhotosAnswer, type PhotoUploadAnswer, type StaffOrderPhoto } from '@adire/contracts';
import { formatShopDateTime } from '@adire/domain/formats';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { paths, staffApi, staffUpload } from '../api';
import styles from '../backoffice.module.css';
import own from './photos.module.css';

/** One photo as the staff see it: the small copy, what it shows, when and by whom. */
export function PhotoFigure({ photo }: { photo: StaffOrderPhoto }) {
  const label = ORDER_PHOTO_LABELS[photo.kind];
  return (
    <figure className={own.photo}>
      <a href={photo.url} target="_blank" rel="noreferrer">
        <img src={photo.thumbUrl} alt={photo.caption ? `${label}: ${photo.caption}` : `${label} photo`} loading="lazy" />
      </a>
      <figcaption>
        <strong>{label}</strong>
        {photo.caption ? ` — ${photo.caption}` : ''}
        <br />
        {formatShopDateTime(new Date(photo.takenAt))}
        {photo.takenBy ? `, ${photo.takenBy}` : ''}
      </figcaption>
    </figure>
  );
}

/**
 * An order's photos (issue 40) on its page: the finished arrangement before dispatch (the sender is
 * mailed "Your flowers are ready" with the first one), the door at delivery, a failed attempt. A phone
 * opens its camera (`capture="environment"`); the server checks the file and strips its metadata.
 */
export function Photos({ orderNumber }: { orderNumber: string }) {
  const [photos, setPhotos] = useState<StaffOrderPhoto[] | null>(null);
  const [kind, setKind] = useState<OrderPhotoKind>('ready');
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    const res = await staffApi.get<OrderPhotosAnswer>(paths.orderPhotos(orderNumber));
    if (!res.error && res.data) setPhotos(res.data.photos);
  }, [orderNumber]);
  useEffect(() => void load(), [load]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = file.current?.files?.[0];
    if (!chosen) return setProblem('Choose or take a photo first.');
    const form = new FormData();
    form.append(PHOTO_FORM.kind, kind);
    if (caption.trim()) form.append(PHOTO_FORM.caption, caption.trim());
    form.append(PHOTO_FORM.photo, chosen);
    setBusy(true);
    setSaid('');
    const res = await staffUpload<PhotoUploadAnswer>(paths.orderPhotos(orderNumber), form);
    setBusy(false);
    if (res.error) return setProblem(res.fields?.photo ?? res.fields?.kind ?? res.fields?.caption ?? res.message);
    setProblem('');
    setCaption('');
    if (file.current) file.current.value = '';
    setSaid(`Added the ${ORDER_PHOTO_LABELS[kind].toLowerCase()} photo.`);
    await load();
  };

  return (
    <section aria-labelledby="order-photos-heading" className={`${styles.panel} ${styles.noPrint}`}>
      <h2 id="order-photos-heading">Photos</h2>
      {photos && photos.length > 0 ? (
        <ul className={own.photos} aria-label="Photos of this order">
          {photos.map((p) => (
            <li key={p.id}>
              <PhotoFigure photo={p} />
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.note}>No photos yet.</p>
      )}
      <form aria-label="Add a photo" className={styles.form} onSubmit={(e) => void submit(e)}>
        <label>
          Photo
          <input
            ref={file}
            type="file"
            name="photo"
            accept="image/*"
            capture="environment"
            aria-describedby={['order-photo-help', problem ? 'order-photo-error' : ''].filter(Boolean).join(' ')}
            aria-invalid={problem ? true : undefined}
          />
        </label>
        <label>
          What it shows
          <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as OrderPhotoKind)}>
            {ORDER_PHOTO_KINDS.map((k) => (
              <option key={k} value={k}>
                {ORDER_PHOTO_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Caption
          <input type="text" name="caption" value={caption} maxLength={PHOTO_CAPTION_MAX} onChange={(e) => setCaption(e.target.value)} />
        </label>
        <p id="order-photo-help" className={styles.note}>
          The sender sees these photos on the tracker and in their mail. Location and camera details are removed.
        </p>
        {problem && (
          <p id="order-photo-error" className={styles.error}>
            {problem}
          </p>
        )}
        {said && (
          <p role="status" className={styles.success}>
            {said}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy ? 'Adding…' : 'Add photo'}
          </button>
        </div>
      </form>
    </section>
  );
}
