/** The SDK's own version. Plugins declare a semver range against it (`"apiVersion": "^1"`). */
export const SDK_VERSION = '1.1.0';
export const SDK_MAJOR = 1;

/** Marks the object that `definePlugin()` returns, so the loader can recognise it. */
export const PLUGIN_ENVELOPE_KIND = 'spindle.plugin';
/** Version of the envelope's own shape (independent of the SDK version). */
export const PLUGIN_ENVELOPE_VERSION = 1;
