// Runs this remote on its own page (vite dev) — the store itself loads ./lifecycles through the shell.
import '@adire/ui/tokens.css';
import { mount, bootstrap } from './lifecycles';

const domElement = document.getElementById('root')!;
void bootstrap({ name: 'backoffice', domElement } as never).then(() => mount({ name: 'backoffice', domElement } as never));
