// GitHub Actions annotations: a workflow command on its own stdout line,
// `::error file=F,line=L,col=C,title=T::message`, which the runner turns into a note at that line of
// the pull request (docs.github.com, "Workflow commands for GitHub Actions": error, warning, notice;
// properties file, line, col, endLine, endColumn, title). The line is a language of its own, so every
// value enters it through the encoders below, as @actions/core escapes them: in the message `%`, CR
// and LF; in a property also `:` and `,`, which would otherwise end it.
export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface AnnotationPlace {
  file: string;
  /** 1-based. */
  line?: number;
  /** 1-based. */
  col?: number;
  title?: string;
}

/** A message (the command's data): `%`, CR and LF escaped. */
export function escapeAnnotationData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: the data escapes, and `:` and `,`. */
export function escapeAnnotationProperty(text: string): string {
  return escapeAnnotationData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function annotation(level: AnnotationLevel, place: AnnotationPlace, message: string): string {
  const props: string[] = [`file=${escapeAnnotationProperty(place.file)}`];
  if (place.line !== undefined) props.push(`line=${Math.max(1, Math.floor(place.line))}`);
  if (place.col !== undefined) props.push(`col=${Math.max(1, Math.floor(place.col))}`);
  if (place.title !== undefined) props.push(`title=${escapeAnnotationProperty(place.title)}`);
  return `::${level} ${props.join(',')}::${escapeAnnotationData(message)}`;
}

/** Set by GitHub Actions on every runner: annotations are printed without being asked for. */
export function onGitHubActions(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.GITHUB_ACTIONS === 'true';
}
