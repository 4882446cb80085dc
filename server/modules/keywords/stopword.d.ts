// The stopword package ships no type declarations; this is the part of its API the extraction uses.
declare module 'stopword' {
  export const eng: string[];
}
