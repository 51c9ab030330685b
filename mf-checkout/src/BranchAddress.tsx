import type { Branch } from '@adire/contracts';

/** A pick-up branch as the shopper needs it: name, address, opening hours and a map link. */
export function BranchAddress({ branch, label = 'Pick-up address' }: { branch: Branch; label?: string }) {
  return (
    <address aria-label={label}>
      <strong>{branch.name}</strong>
      <br />
      {branch.location}
      <br />
      Open {branch.workingTimes} ·{' '}
      <a href={branch.url} target="_blank" rel="noreferrer">
        Map
      </a>
    </address>
  );
}
