// draco3dgltf ships no types; Overlap only needs the decoder module factory for glTF-Transform.
declare module 'draco3dgltf' {
  const draco3d: {
    createDecoderModule(options?: object): Promise<unknown>;
    createEncoderModule(options?: object): Promise<unknown>;
  };
  export default draco3d;
}
