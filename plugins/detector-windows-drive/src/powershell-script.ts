/**
 * The PowerShell that watches the drives: one long-running process (starting PowerShell costs
 * far more than a CIM query, so it is not started every poll) that prints one line per poll,
 * `@@drives <json>` or `@@error <message>`. Passed with -EncodedCommand so no quoting is involved.
 */

export const DRIVES_MARKER = '@@drives ';
export const ERROR_MARKER = '@@error ';

/** PowerShell's -EncodedCommand takes base64 of the UTF-16LE script. */
export function encodeCommand(script: string): string {
  return Buffer.from(script, 'utf16le').toString('base64');
}

export function powershellArgs(script: string): string[] {
  return [
    '-NoLogo',
    '-NoProfile',
    '-NonInteractive',
    '-ExecutionPolicy',
    'Bypass',
    '-EncodedCommand',
    encodeCommand(script),
  ];
}

export function watchScript(pollMs: number): string {
  return [
    "$ErrorActionPreference = 'Stop'",
    '$ProgressPreference = "SilentlyContinue"',
    'while ($true) {',
    '  try {',
    '    $drives = @(Get-CimInstance -ClassName Win32_CDROMDrive | ForEach-Object {',
    '      [pscustomobject]@{ Drive = $_.Drive; Caption = $_.Caption; MediaLoaded = $_.MediaLoaded; VolumeName = $_.VolumeName; VolumeSerialNumber = $_.VolumeSerialNumber; Size = $_.Size }',
    '    })',
    `    '${DRIVES_MARKER}' + (ConvertTo-Json -InputObject $drives -Compress -Depth 2)`,
    '  } catch {',
    `    '${ERROR_MARKER}' + $_.Exception.Message`,
    '  }',
    '  [Console]::Out.Flush()',
    `  Start-Sleep -Milliseconds ${Math.max(50, Math.round(pollMs))}`,
    '}',
  ].join('\n');
}

/** Ejects one drive through the shell ("My Computer" is namespace 17). `drive` must be `X:`. */
export function ejectScript(drive: string): string {
  if (!/^[A-Z]:$/.test(drive)) throw new RangeError(`not a drive letter: ${drive}`);
  return `(New-Object -ComObject Shell.Application).Namespace(17).ParseName('${drive}').InvokeVerb('Eject')`;
}
