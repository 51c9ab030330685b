import { configure } from '@testing-library/react';

// How long findBy…/waitFor wait for what the page shows. Testing Library's 1 s default is shorter than
// a first render takes when CI runs two packages' tests beside the API suites on 2 cores (the first
// listing test, which also pays for importing the listing's modules, took 1.4–1.9 s there and failed
// at 6d18ae7 as well). A test still fails when what it waits for never comes.
configure({ asyncUtilTimeout: 5_000 });
