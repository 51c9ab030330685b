import { hostFederation } from '@adire/federation-config';

/** The shell consumes remotes only through /remotes.json at run time: no build-time remote URLs. */
export default hostFederation();
