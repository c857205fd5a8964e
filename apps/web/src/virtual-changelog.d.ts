declare module 'virtual:changelog' {
  const entries: import('@parley/contracts').ChangelogEntry[];
  export default entries;
}
