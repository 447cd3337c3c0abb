@echo off
rem timbre: Timbre Studio's command line tool, from an installed app ("timbre --help").
rem It runs the app's own binary with --cli (its RunAsNode fuse stays off): no window opens, and the exit code is
rem the tool's (0 done, 1 a project failed, 2 a wrong command line, 130 Ctrl-C). This file is in
rem <install folder>\resources\bin, which the installer can add to the PATH; the app is two folders up.
setlocal
"%~dp0..\..\Timbre Studio.exe" --cli %*
endlocal & exit /b %ERRORLEVEL%
