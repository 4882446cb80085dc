/**
 * SVG markup as the text of a double-quoted data URL (after `data:image/svg+xml,`): its quotes made single, and only
 * what a URL reads otherwise escaped (`%`, `#`, and `<` `>`), half the length of encodeURIComponent's.
 */
export function svgDataUrlText(svg: string): string {
  return svg.replaceAll('"', "'").replace(/[%#<>]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}
