declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}

/** The version of each shared library the shell was built with (hostFederation in @adire/federation-config). */
declare module 'virtual:adire-shared-versions' {
  const versions: Record<'react' | 'react-dom' | '@adire/router' | 'zustand' | '@adire/event-bus' | '@adire/api-client' | '@adire/domain', string>;
  export default versions;
}
