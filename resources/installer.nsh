; Timbre Studio's additions to electron-builder's assisted NSIS installer (electron-builder.yml: nsis.include).
;
; The `timbre` command: the installer asks whether to add <install folder>\resources\bin (timbre.cmd, which
; starts "Timbre Studio.exe" --cli) to the user's PATH (HKCU\Environment, no administrator rights needed), and the
; uninstaller removes exactly that entry again. An update (electron-updater runs the new installer silently,
; and the old uninstaller with --updated) leaves the PATH as the user chose, asking nothing. A silent fresh
; install (/S) does not change the PATH. Open terminals keep their PATH; new ones get it (WM_SETTINGCHANGE).
;
; Written without Functions: electron-builder compiles this file into both the installer and the uninstaller
; with warnings as errors, and a Function one of them never calls is a warning.

!include "LogicLib.nsh"
!include "WinMessages.nsh"

!define TIMBRE_CLI_DIR "$INSTDIR\resources\bin"
; NSIS strings hold NSIS_MAX_STRLEN characters. ReadRegStr of a longer PATH does not cut it: it gives "" and sets
; the error flag, as for no PATH at all, so a PATH is written back only when it was read whole and our folder
; still fits beside it (300 characters of room), and started afresh only when the user has no PATH value at all.
!define /math TIMBRE_PATH_LIMIT ${NSIS_MAX_STRLEN} - 300

!macro customInstall
  ${IfNot} ${isUpdated}
    MessageBox MB_YESNO|MB_ICONQUESTION "Add the 'timbre' command to your PATH?$\r$\n$\r$\nNew terminal windows can then run Timbre Studio's command line tool (timbre export ...). This adds ${TIMBRE_CLI_DIR} to your user PATH; uninstalling removes it." /SD IDNO IDNO timbre_install_path_done
    Push $0
    Push $1
    Push $2
    Push $3
    Push $4
    ClearErrors
    ReadRegStr $0 HKCU "Environment" "Path"
    ${If} ${Errors}
      ; No PATH value, or one NSIS cannot read (longer than its strings, or not text): both read as "". Writing
      ; "" plus our folder would replace the user's whole PATH, so only a name missing from the key's values
      ; (listed one by one, compared case-insensitively) counts as no PATH.
      StrCpy $1 0
      timbre_install_path_names:
        ClearErrors
        EnumRegValue $2 HKCU "Environment" $1
        StrCmp $2 "" timbre_install_path_none
        StrCmp $2 "Path" timbre_install_path_unreadable
        IntOp $1 $1 + 1
        Goto timbre_install_path_names
      timbre_install_path_unreadable:
      StrCpy $1 ${TIMBRE_PATH_LIMIT}
      Goto timbre_install_path_check
      timbre_install_path_none:
      StrCpy $0 ""
    ${EndIf}
    StrLen $1 $0
    timbre_install_path_check:
    ${If} $1 >= ${TIMBRE_PATH_LIMIT}
      MessageBox MB_OK|MB_ICONEXCLAMATION "Your PATH is too long for the installer to change safely, so 'timbre' was not added. Add ${TIMBRE_CLI_DIR} to it by hand (Settings > System > About > Advanced system settings > Environment Variables)." /SD IDOK
      Goto timbre_install_path_restore
    ${EndIf}
    ; Already there (an earlier install, or by hand)? StrCmp is case-insensitive, as Windows paths are.
    StrCpy $1 ";$0;"
    StrCpy $2 ";${TIMBRE_CLI_DIR};"
    StrLen $3 $2
    StrCpy $4 0
    timbre_install_path_search:
      StrCpy $2 $1 $3 $4
      StrCmp $2 "" timbre_install_path_add
      StrCmp $2 ";${TIMBRE_CLI_DIR};" timbre_install_path_restore
      IntOp $4 $4 + 1
      Goto timbre_install_path_search
    timbre_install_path_add:
    ${If} $0 == ""
      StrCpy $0 "${TIMBRE_CLI_DIR}"
    ${Else}
      StrCpy $0 "$0;${TIMBRE_CLI_DIR}"
    ${EndIf}
    ; REG_EXPAND_SZ, as Windows keeps the user's Path (it may hold %VARIABLES%).
    WriteRegExpandStr HKCU "Environment" "Path" $0
    SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
    timbre_install_path_restore:
    Pop $4
    Pop $3
    Pop $2
    Pop $1
    Pop $0
    timbre_install_path_done:
  ${EndIf}
!macroend

!macro customUnInstall
  ${IfNot} ${isUpdated}
    Push $0
    Push $1
    Push $2
    Push $3
    Push $4
    Push $5
    ReadRegStr $0 HKCU "Environment" "Path"
    StrLen $1 $0
    ${If} $1 >= ${TIMBRE_PATH_LIMIT}
      DetailPrint "Your PATH is too long to change safely: remove ${TIMBRE_CLI_DIR} from it by hand."
      StrCpy $0 ""
    ${EndIf}
    ; Every entry but ours (with or without a trailing backslash), in order; empty entries are dropped.
    StrCpy $1 "$0;"
    StrCpy $2 ""
    StrCpy $5 0
    timbre_uninstall_path_entry:
      StrCmp $1 "" timbre_uninstall_path_write
      StrCpy $4 0
      timbre_uninstall_path_separator:
        StrCpy $3 $1 1 $4
        StrCmp $3 ";" timbre_uninstall_path_cut
        IntOp $4 $4 + 1
        Goto timbre_uninstall_path_separator
      timbre_uninstall_path_cut:
      StrCpy $3 $1 $4
      IntOp $4 $4 + 1
      StrCpy $1 $1 "" $4
      ${If} $3 == "${TIMBRE_CLI_DIR}"
      ${OrIf} $3 == "${TIMBRE_CLI_DIR}\"
        StrCpy $5 1
      ${ElseIf} $3 != ""
        ${If} $2 == ""
          StrCpy $2 $3
        ${Else}
          StrCpy $2 "$2;$3"
        ${EndIf}
      ${EndIf}
      Goto timbre_uninstall_path_entry
    timbre_uninstall_path_write:
    ${If} $5 == 1
      ${If} $2 == ""
        DeleteRegValue HKCU "Environment" "Path"
      ${Else}
        WriteRegExpandStr HKCU "Environment" "Path" $2
      ${EndIf}
      SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
    ${EndIf}
    Pop $5
    Pop $4
    Pop $3
    Pop $2
    Pop $1
    Pop $0
  ${EndIf}
!macroend
