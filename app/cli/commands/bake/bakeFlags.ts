/** The flags of `overlap bake` as commander parses them (app/cli/commands/bake.ts registers them). */
export interface BakeFlags {
  clip?: string;
  out?: string;
  frames?: string;
  fps?: string;
  weights?: string;
  preset?: string;
  project?: string;
  preroll?: string;
  mode?: string;
  shapes?: string;
  maxShapes?: string;
  shapeError?: string;
  helperBones?: string;
  loop?: boolean;
  freeBody?: boolean;
  compression?: string;
  interpolation?: string;
  metersPerUnit?: string;
  backend?: string;
  selfContact?: boolean;
  collider?: string[];
  repair?: boolean;
  report?: string;
  progress?: string | boolean;
  set: string[];
  dryRun?: boolean;
  checkpoint?: string;
  checkpointEvery?: string;
  resume?: boolean;
  allowLong?: boolean;
}
