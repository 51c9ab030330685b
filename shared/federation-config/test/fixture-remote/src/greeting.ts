// A stand-in for a shared library: what a remote's own copy of it says.
export const who = 'the remote’s own copy';
export default function greet(name: string): string {
  return `hello ${name} from ${who}`;
}
