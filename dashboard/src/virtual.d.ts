declare module 'virtual:persisted-operations' {
  /** The sha256 of each operation's document, by operation name (see persisted-operations.ts). */
  const hashes: Record<string, string>;
  export default hashes;
}
